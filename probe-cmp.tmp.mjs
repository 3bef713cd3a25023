import { chromium } from 'playwright';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (const [w,h] of [[1440,900],[390,844]]) {
const p = await b.newPage({ viewport: { width: w, height: h } });
await p.goto(`http://127.0.0.1:5173/?step=${process.argv[2] ?? 20}&fencing=off`);
await p.getByRole('button', { name: 'Compare side by side' }).click();
await p.waitForTimeout(1200);
console.log(w, await p.evaluate(() => [...document.querySelectorAll('#walkthrough section[aria-label^="Fencing tokens"] g[data-row="current"]')].map(g => { const r = g.getBoundingClientRect(); return [Math.round(r.top), Math.round(r.bottom)]; }).concat([[Math.round(document.querySelector('#walkthrough .walkthrough-bar').getBoundingClientRect().bottom)]])));
}
await b.close();
