// node validate.mjs FILE... -> {"files":[{file,numErrors,numWarnings,numInfos,messages}]}
// Runs the Khronos glTF-Validator on each file (external .bin resolved next to it).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import validator from 'gltf-validator';

async function validate(file) {
  const bytes = new Uint8Array(await readFile(file));
  const report = await validator.validateBytes(bytes, {
    uri: path.basename(file),
    maxIssues: 0,
    writeTimestamp: false,
    externalResourceFunction: async (uri) =>
      new Uint8Array(await readFile(path.join(path.dirname(file), decodeURIComponent(uri)))),
  });
  return {
    file,
    numErrors: report.issues.numErrors,
    numWarnings: report.issues.numWarnings,
    numInfos: report.issues.numInfos,
    messages: report.issues.messages.map((m) => ({
      code: m.code, severity: m.severity, pointer: m.pointer ?? null, message: m.message,
    })),
    info: report.info ?? null,
  };
}

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('usage: node validate.mjs FILE...');
  process.exit(2);
}
const out = { files: [] };
for (const f of files) {
  try {
    out.files.push(await validate(f));
  } catch (e) {
    out.files.push({ file: f, numErrors: 1, numWarnings: 0, numInfos: 0,
      messages: [{ code: 'LOAD_FAILED', severity: 0, pointer: null, message: String(e) }] });
  }
}
console.log(JSON.stringify(out));
