// scribe: the program the scribe agent plugin launches, in the session's worktree.
//
//   node scribe.js <prompt file> <notes file>
//
// It copies its task into the notes file, then waits at a `scribe>` prompt; each line it is sent
// (`ao send`, a reaction) is appended to the notes. `exit` ends it. It is a stand-in for an AI
// agent that shows what ao gives one: a task file, a working directory, and messages on its input.
import { appendFileSync, readFileSync, writeFileSync } from "node:fs";
import { createInterface } from "node:readline";

const [promptFile, notesFile] = process.argv.slice(2);
if (promptFile === undefined || notesFile === undefined) {
  process.stderr.write("usage: scribe <prompt file> <notes file>\n");
  process.exit(2);
}

const task = readFileSync(promptFile, "utf8");
writeFileSync(notesFile, `# Notes\n\n## Task\n\n${task.trimEnd()}\n\n## Messages\n\n`);
process.stdout.write(`scribe: read ${Buffer.byteLength(task)} bytes of task from ${promptFile}\n`);
process.stdout.write(`scribe: notes in ${notesFile}\n`);

let noted = 0;
const prompt = () => process.stdout.write("scribe> ");
const lines = createInterface({ input: process.stdin, terminal: false });
lines.on("line", (line) => {
  const text = line.trim();
  if (text === "exit") {
    lines.close();
    return;
  }
  if (text !== "") {
    process.stdout.write("scribe: noting…\n");
    appendFileSync(notesFile, `- ${text}\n`);
    noted += 1;
    process.stdout.write(`scribe: noted (${noted} so far)\n`);
  }
  prompt();
});
lines.on("close", () => process.exit(0));
prompt();
