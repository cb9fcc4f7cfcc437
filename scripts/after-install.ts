/**
 * `npm install` ends with this line instead of a page of engine warnings
 * (.npmrc keeps npm to errors): the system Node may be older, but every npm
 * script runs on the Node 24 this project installs.
 */
process.stdout.write(
  `\nAtrium is installed (scripts run on the project's Node ${process.versions.node}). ` +
    "Next: `npm start` (http://localhost:3000) or `npm test`.\n\n",
);
