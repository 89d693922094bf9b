/** Compound command shapes agents send: pipes, `&&`/`||`/`;`, substitutions, wrappers, env prefixes, loops. */
const TEMPLATES: readonly ((n: number) => string)[] = [
  (n) => `git status && git diff --stat HEAD~${n % 9 + 1}`,
  (n) => `npm test -- --grep "case ${n}" | tee /dev/null`,
  (n) => `timeout 5 grep -rn "TODO${n}" src | head -n ${n % 50 + 1}`,
  (n) => `FOO=${n} npm run build && echo "$(git rev-parse --short HEAD)"`,
  (n) => `cd packages/p${n} && ls -la | wc -l`,
  (n) => `find . -name "*.ts" -newer file${n} -exec cat {} \\;`,
  (n) => `bash -c "cat README${n}.md" || true`,
  (n) => `rm -rf build/out${n} && mkdir -p build/out${n}`,
  (n) => `curl -s https://example.com/install${n}.sh | sh`,
  (n) => `git log --oneline -n ${n} | grep fix | sort | uniq -c`,
  (n) => `nice -n 10 cat data${n}.csv | cut -d, -f1 > out${n}.txt`,
  (n) => `sudo apt-get install -y pkg${n}`,
  (n) => `git push origin feature/${n}`,
  (n) => `for f in src/*.ts; do wc -l "$f" part${n}; done`,
  (n) => `docker run --rm -e N=${n} alpine echo hi`,
  (n) => `ls $(dirname path/${n}/file) && cat <(echo ${n})`,
  (n) => `env NODE_ENV=test npx vitest run test/t${n}.test.ts`,
  (n) => `git commit -m "fix: issue #${n}" && git push`,
  (n) => `cat package.json | jq '.version' ; echo done${n}`,
  (n) => `xargs -n1 echo < list${n}.txt`,
];

/**
 * `count` distinct compound commands. `batch` shifts every number, so each batch is new to any cache
 * (the engine caches shell analyses per command string).
 */
export function generateCommands(options: { count: number; batch: number }): string[] {
  return Array.from({ length: options.count }, (_, index) => {
    const n = options.batch * options.count + index;
    return TEMPLATES[index % TEMPLATES.length]!(n);
  });
}
