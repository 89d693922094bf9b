#!/usr/bin/env node
// `npm publish` in the repo runs this (prepublishOnly) and stops: the repo's package.json has scripts that point
// at files the package does not ship and devDependencies no user needs. scripts/pack.mjs packs the package as
// published (that manifest without them); `npm publish <tarball>` runs no script of the repo.
console.error('codev: publish the tarball `npm run pack` makes (npm publish codev-<version>.tgz), not the repo: its package.json has scripts and devDependencies the package must not carry');
process.exit(1);
