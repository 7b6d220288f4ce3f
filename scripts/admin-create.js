// `npm run admin:create -- <username> [--reset-password]`: creates an admin (or sets a new password).
// The password comes from ADMIN_PASSWORD or, in a terminal, a hidden prompt (asked twice).
// It loads the production build (`npm run build` first), so it reaches exactly the database the server uses.
import { createInterface } from "node:readline";

const args = process.argv.slice(2);
const reset = args.includes("--reset-password");
const username = args.find((arg) => !arg.startsWith("--"));
if (!username || args.includes("--help")) {
  console.error(
    "Usage: npm run admin:create -- <username> [--reset-password]\n" +
      "The password is read from ADMIN_PASSWORD, or asked for (hidden) when run in a terminal.",
  );
  process.exit(username ? 0 : 1);
}

function askHidden(question) {
  return new Promise((resolve) => {
    const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    let muted = false;
    // readline echoes what is typed through _writeToOutput; muting it after the question hides the password.
    rl._writeToOutput = (text) => {
      if (!muted) process.stdout.write(text);
    };
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write("\n");
      resolve(answer);
    });
    muted = true;
  });
}

async function readPassword() {
  if (process.env.ADMIN_PASSWORD) return process.env.ADMIN_PASSWORD;
  if (!process.stdin.isTTY) {
    console.error("No password: set ADMIN_PASSWORD, or run this in a terminal to be asked for one.");
    process.exit(1);
  }
  const first = await askHidden(`Password for ${username}: `);
  const second = await askHidden("Repeat the password: ");
  if (first !== second) {
    console.error("The passwords do not match; nothing was changed.");
    process.exit(1);
  }
  return first;
}

if (!process.env.DATABASE_URL) {
  console.log(
    "Using the embedded PGlite database (DATABASE_URL is not set).\n" +
      "Stop the server first: a PGlite data directory can be opened by one process only, and this script\n" +
      "stops with a message while the server (or any other process) has it open.",
  );
}

const password = await readPassword();
// The build's start-up would otherwise also bootstrap ADMIN_USERNAME and start the mail worker.
delete process.env.ADMIN_USERNAME;
delete process.env.ADMIN_PASSWORD;
process.env.OUTBOX_WORKER = "off";

const build = await import("../build/server/index.js");
const server = build.entry.module;
let exitCode = 0;
try {
  if (reset) {
    if (await server.setUserPassword(username, password))
      console.log(`New password set for admin "${username.trim().toLowerCase()}".`);
    else {
      console.error(`There is no admin named "${username}". Run without --reset-password to create one.`);
      exitCode = 1;
    }
  } else {
    const user = await server.createUser(username, password);
    console.log(`Admin "${user.username}" created. Sign in at /admin/login.`);
  }
} catch (error) {
  if (!(error instanceof server.InvalidAdminInput)) throw error;
  console.error(
    error.message.includes("already exists")
      ? `${error.message} To set a new password, add --reset-password.`
      : error.message,
  );
  exitCode = 1;
} finally {
  await server.shutdown();
}
process.exit(exitCode);
