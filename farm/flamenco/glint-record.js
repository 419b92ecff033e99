// SPDX-License-Identifier: MIT
// A Flamenco job type: one glint clip recorded in chunks by many workers, then joined.
// Copy this file into the Manager's `scripts/` folder (beside flamenco-manager) and restart it;
// "Glint Record" then appears among the job types. Every worker needs glint (and ffmpeg) and the
// shared storage `output` is on, and should be of one kind (docs/farm.md: a GPU and llvmpipe draw
// different pixels). Untested here: this needs a Flamenco Manager and Workers.

const JOB_TYPE = {
  label: "Glint Record",
  description: "Record a glint clip in chunks (glint record --chunk-of I/M), then join them frame for frame (glint join)",
  settings: [
    { key: "glint", type: "string", default: "glint", description: "The glint command on the workers: a name on PATH or an absolute path" },
    { key: "arguments", type: "string", required: true, default: "--effect harmonic --size 1280x720 --duration 10 --fps 30",
      description: "glint record's arguments but the output, split at spaces (--effect, --size, --duration, --fps, ...)" },
    { key: "date", type: "string", required: true, default: "2026-01-01T00:00:00",
      description: "The clock a shader's date uniform reads (glint --date): one value for every chunk" },
    { key: "output", type: "string", subtype: "file_path", required: true,
      description: "The clip on shared storage: .mp4, .webm, .mov or .gif" },
    { key: "chunks", type: "int32", default: 8, required: true, description: "How many tasks the clip is split into" },
  ],
};

function compileJob(job) {
  const settings = job.settings;
  const chunks = settings.chunks;
  if (!(chunks >= 1)) throw `chunks must be 1 or more, not ${chunks}`;
  const dot = settings.output.lastIndexOf(".");
  if (dot < 0) throw `output ${settings.output} has no extension: use .mp4, .webm, .mov or .gif`;
  const extension = settings.output.slice(dot);
  const folder = settings.output + ".chunks";
  const recordArgs = settings.arguments.split(" ").filter((word) => word.length > 0);

  const chunkFiles = [];
  const renderTasks = [];
  for (let i = 1; i <= chunks; i++) {
    const file = `${folder}/chunk-${String(i).padStart(5, "0")}${extension}`;
    chunkFiles.push(file);
    const task = author.Task(`record-${i}-of-${chunks}`, "misc");
    task.addCommand(author.Command("exec", {
      exe: settings.glint,
      args: ["record", ...recordArgs, "--date", settings.date, "--chunk-of", `${i}/${chunks}`, "-o", file],
    }));
    job.addTask(task);
    renderTasks.push(task);
  }

  const join = author.Task("join", "misc");
  join.addCommand(author.Command("exec", {
    exe: settings.glint,
    args: ["join", settings.output, ...chunkFiles],
  }));
  for (const task of renderTasks) join.addDependency(task);
  job.addTask(join);
}
