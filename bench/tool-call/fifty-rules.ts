import type { RulesBySource } from '../../src/index.ts';

/**
 * 50 rules of the kind a real project carries: Bash patterns, path rules, domains, MCP names and other tool
 * names. None of them is about `Add` except the one allow rule `Add`, so the engine has to walk all of them
 * (deny, then ask, then allow) to find that nothing forbids the call and one rule allows it.
 */
export const FIFTY_RULES: { allow: RulesBySource; deny: RulesBySource; ask: RulesBySource } = {
  allow: {
    project: [
      'Add',
      'Bash(npm test:*)',
      'Bash(npm run lint)',
      'Bash(git status)',
      'Bash(git diff:*)',
      'Bash(git log *)',
      'Bash(ls *)',
      'Bash(cat *)',
      'Bash(grep *)',
      'Bash(pnpm install)',
      'Read(/src/**)',
      'Read(~/.config/codev/**)',
      'Edit(/src/**)',
      'WebFetch(domain:docs.python.org)',
      'mcp__github__get_issue',
      'mcp__github__list_*',
      'Glob',
    ],
  },
  deny: {
    policy: ['Bash(rm -rf *)', 'Bash(sudo *)', 'Bash(curl *)', 'Bash(wget *)', 'Bash(git push --force *)'],
    user: [
      'Bash(chmod 777 *)',
      'Bash(dd *)',
      'Bash(mkfs *)',
      'Bash(shutdown *)',
      'Bash(npm publish *)',
      'Bash(eval *)',
      'Read(/.env)',
      'Read(~/.ssh/**)',
      'Edit(/.git/**)',
      'WebFetch(domain:evil.example)',
      'mcp__slack',
      'mcp__jira__delete_*',
      'NotebookEdit',
      'Subtract',
      'Addition',
    ],
  },
  ask: {
    project: [
      'Bash(git push *)',
      'Bash(git commit *)',
      'Bash(docker *)',
      'Bash(kubectl *)',
      'Bash(npm install *)',
      'Bash(terraform apply *)',
      'Edit(/package.json)',
      'Edit(/.github/**)',
      'Write',
      'WebFetch',
      'mcp__github__create_*',
      'Agent(general-purpose)',
      'Add2',
    ],
  },
};
