import fs from 'node:fs';
import path from 'node:path';

/** The list, in a release's folder (beside RELEASE, not served), of the assets its own build made. */
export const OWN_ASSETS = 'ASSETS';

/**
 * Keeps the previous release's code chunks loadable from a new release (their names are content
 * hashes, so none clashes), for browsers still holding its pages. Only that release's own assets
 * are copied, not what it kept in turn, so a folder holds two releases' assets at most however
 * many upgrades came before. A release made before the list existed has all its assets copied.
 * Returns how many files were copied.
 */
export function keepPreviousAssets(release: string, previous: string | null): number {
  const assets = path.join(release, 'dist', 'assets');
  const own = fs.existsSync(assets) ? fs.readdirSync(assets).sort() : [];
  fs.writeFileSync(path.join(release, OWN_ASSETS), own.map((f) => `${f}\n`).join(''));
  const before = previous ? path.join(previous, 'dist', 'assets') : null;
  if (!before || !fs.existsSync(before)) return 0;
  const listed = path.join(previous!, OWN_ASSETS);
  const theirs = fs.existsSync(listed)
    ? fs.readFileSync(listed, 'utf8').split('\n').filter(Boolean)
    : fs.readdirSync(before);
  let kept = 0;
  for (const f of theirs) {
    // A list naming a path outside the folder is not a list this script wrote.
    if (f !== path.basename(f) || !fs.existsSync(path.join(before, f)) || fs.existsSync(path.join(assets, f))) continue;
    fs.copyFileSync(path.join(before, f), path.join(assets, f));
    kept++;
  }
  return kept;
}
