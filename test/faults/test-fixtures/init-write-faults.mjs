// Preloaded (`node --import`) into a `codev init` process to make one of its writes misbehave, so that a test sees
// what a crash or a failed write leaves behind. CODEV_TEST_INIT_FAULT says which:
// - `hang`: a write to package.json stops midway and waits to be killed: a direct writeFile writes half the text
//   first; the rename of a finished temp file onto it does not happen. stderr gets `FAULT: ...` when it stops.
// - `fail:<name>`: the rename or link (a new file goes in place with link()) onto a file named <name> fails with
//   EIO, as a full disk or a dying drive would.
import fs from 'node:fs';
import module from 'node:module';
import path from 'node:path';

const fault = process.env.CODEV_TEST_INIT_FAULT ?? '';
const promises = fs.promises;
const { writeFile, rename, link } = promises;

function stop(what) {
  fs.writeSync(2, `FAULT: stopped at ${what}\n`);
  // Kept alive until the test kills it.
  return new Promise(() => setInterval(() => {}, 60_000));
}

promises.writeFile = async function patchedWriteFile(file, data, ...rest) {
  if (fault === 'hang' && typeof file === 'string' && path.basename(file) === 'package.json') {
    const text = String(data);
    await writeFile(file, text.slice(0, Math.floor(text.length / 2)));
    return stop(`half of ${file}`);
  }
  return writeFile.call(this, file, data, ...rest);
};

promises.rename = async function patchedRename(from, to) {
  const name = path.basename(String(to));
  if (fault === 'hang' && name === 'package.json') return stop(`the rename onto ${to}`);
  if (fault === `fail:${name}`) throw Object.assign(new Error(`EIO: i/o error, rename '${from}' -> '${to}'`), { code: 'EIO', errno: -5, syscall: 'rename' });
  return rename.call(this, from, to);
};

promises.link = async function patchedLink(from, to) {
  const name = path.basename(String(to));
  if (fault === `fail:${name}`) throw Object.assign(new Error(`EIO: i/o error, link '${from}' -> '${to}'`), { code: 'EIO', errno: -5, syscall: 'link' });
  return link.call(this, from, to);
};

module.syncBuiltinESMExports();
