/**
 * 50 Bash rules as a real project might carry them: read-only and build commands allowed, destructive and
 * network commands denied, publishing and infrastructure asked.
 */
export const BASH_RULES = {
  allow: [
    'Bash(git status)',
    'Bash(git diff:*)',
    'Bash(git log *)',
    'Bash(git rev-parse *)',
    'Bash(git branch *)',
    'Bash(npm test:*)',
    'Bash(npm run build)',
    'Bash(npm run lint)',
    'Bash(npx vitest *)',
    'Bash(ls *)',
    'Bash(cat *)',
    'Bash(grep *)',
    'Bash(head *)',
    'Bash(wc *)',
    'Bash(sort *)',
    'Bash(uniq *)',
    'Bash(cut *)',
    'Bash(jq *)',
    'Bash(echo *)',
    'Bash(find * -name *)',
    'Bash(mkdir -p *)',
    'Bash(dirname *)',
    'Bash(tee *)',
    'Bash(true)',
    'Bash(cd *)',
  ],
  deny: [
    'Bash(rm -rf /*)',
    'Bash(sudo *)',
    'Bash(curl *)',
    'Bash(wget *)',
    'Bash(sh)',
    'Bash(git push --force *)',
    'Bash(chmod 777 *)',
    'Bash(dd *)',
    'Bash(mkfs *)',
    'Bash(npm publish *)',
    'Bash(eval *)',
    'Bash(shutdown *)',
    'Bash(nc *)',
  ],
  ask: [
    'Bash(git push *)',
    'Bash(git commit *)',
    'Bash(docker *)',
    'Bash(kubectl *)',
    'Bash(npm install *)',
    'Bash(rm *)',
    'Bash(terraform *)',
    'Bash(ssh *)',
    'Bash(scp *)',
    'Bash(git reset --hard *)',
    'Bash(apt-get *)',
    'Bash(pip install *)',
  ],
} as const;

type RuleLists = { allow: readonly string[]; deny: readonly string[]; ask: readonly string[] };

/** 10 of the 50 rules: enough to allow, deny and ask some of the commands. */
const TEN_RULES: RuleLists = {
  allow: ['Bash(git status)', 'Bash(git diff:*)', 'Bash(ls *)', 'Bash(cat *)'],
  deny: ['Bash(sudo *)', 'Bash(curl *)', 'Bash(rm -rf /*)'],
  ask: ['Bash(git push *)', 'Bash(rm *)', 'Bash(docker *)'],
};

/**
 * The 50 rules followed by 950 a large organisation's settings might add: other programs (`tool<i> *`),
 * more git and npm commands (so the programs the commands run also have long rule lists), deploy and
 * danger commands, and a few patterns whose first word is a star or open-ended (`* --danger<i>`, `mytool<i>*`).
 * None of them matches a generated command, so the decisions are those of the 50 rules.
 */
function thousandRules(): RuleLists {
  const range = (count: number, rule: (index: number) => string) => Array.from({ length: count }, (_, index) => rule(index));
  return {
    allow: [...BASH_RULES.allow, ...range(400, (i) => `Bash(tool${i} *)`), ...range(100, (i) => `Bash(git alias${i} *)`), ...range(75, (i) => `Bash(npm run script${i})`), ...range(25, (i) => `Bash(mytool${i}*)`)],
    deny: [...BASH_RULES.deny, ...range(100, (i) => `Bash(danger${i} *)`), ...range(50, (i) => `Bash(git danger${i} *)`), ...range(12, (i) => `Bash(* --danger${i})`)],
    ask: [...BASH_RULES.ask, ...range(138, (i) => `Bash(deploy${i} *)`), ...range(50, (i) => `Bash(npm run release${i} *)`)],
  };
}

/** The rule lists the bench measures, by total count. */
export function bashRules(count: 10 | 50 | 1000): RuleLists {
  if (count === 10) return TEN_RULES;
  return count === 50 ? BASH_RULES : thousandRules();
}
