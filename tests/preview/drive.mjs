// Opens a ripkit preview page in headless Chromium (Debian's, through
// playwright-core) and prints what it saw as JSON:
//   node drive.mjs PAGE.html OUTDIR  ->  {"playing": status, "paused": {hash: status},
//                                         "errors": [...], "screenshots": {hash: png}}
import { chromium } from 'playwright-core';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const [page_path, out_dir] = process.argv.slice(2);
const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'ripkit-preview-profile-'));
const errors = [];
const context = await chromium.launchPersistentContext(profile, {
  executablePath: '/usr/bin/chromium',
  headless: true,
  viewport: { width: 640, height: 480 },
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking',
         '--disable-component-update', '--disable-sync', '--no-first-run',
         '--use-angle=swiftshader', '--enable-unsafe-swiftshader',
         '--autoplay-policy=no-user-gesture-required'],
});
try {
  const page = context.pages()[0] || await context.newPage();
  page.on('console', (m) => { if (m.type() === 'error') errors.push('console: ' + m.text()); });
  page.on('pageerror', (e) => errors.push('page: ' + String(e)));
  const url = 'file://' + path.resolve(page_path);
  const status = () => page.evaluate(() => JSON.parse(JSON.stringify(window.ripkitStatus)));
  await page.goto(url);
  await page.waitForFunction(() => window.ripkitStatus && window.ripkitStatus.frames >= 10,
                             null, { timeout: 60000 });
  const result = { playing: await status(), paused: {}, screenshots: {}, errors };
  for (const hash of ['#t=0.25&pause', '#t=0.75&pause', '#t=1&pause']) {
    await page.goto('about:blank');
    await page.goto(url + hash);
    await page.waitForFunction(() => window.ripkitStatus && window.ripkitStatus.frames >= 2,
                               null, { timeout: 60000 });
    result.paused[hash] = await status();
    const shot = path.join(out_dir, 'preview_' + hash.replace(/[^0-9a-z.]/gi, '_') + '.png');
    await page.screenshot({ path: shot });
    result.screenshots[hash] = shot;
  }
  process.stdout.write(JSON.stringify(result) + '\n');
} finally {
  await context.close();
  fs.rmSync(profile, { recursive: true, force: true });
}
