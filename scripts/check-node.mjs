// Quire runs on Node.js 24 LTS (package.json `engines`). Every npm script that starts the app,
// builds it, tests it or installs it runs this first, so an older Node fails with directions
// instead of somewhere deep in a dependency.
const REQUIRED_MAJOR = 24;
const major = Number(process.versions.node.split('.')[0]);
if (major < REQUIRED_MAJOR) {
  console.error(
    [
      ``,
      `Quire needs Node.js ${REQUIRED_MAJOR} LTS or later; this is Node.js ${process.versions.node}.`,
      ``,
      `Get Node.js ${REQUIRED_MAJOR} one of these ways, then run the command again:`,
      `  - nvm:            nvm install ${REQUIRED_MAJOR} && nvm use ${REQUIRED_MAJOR}`,
      `  - the installer:  https://nodejs.org/en/download (choose ${REQUIRED_MAJOR} LTS)`,
      `  - without root, from the npm registry:`,
      `      npm install --prefix ~/.node${REQUIRED_MAJOR} node@${REQUIRED_MAJOR}`,
      `      export PATH="$HOME/.node${REQUIRED_MAJOR}/node_modules/.bin:$PATH"`,
      ``,
    ].join('\n'),
  );
  process.exit(1);
}
