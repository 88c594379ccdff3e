// The project's root directory, wherever the code runs from.
import fs from 'node:fs';
import path from 'node:path';

let cached: string | undefined;

/**
 * The directory holding package.json. Found by walking up because this code runs both from src/ (ts-node,
 * jest) and from dist/src/ (compiled), at different depths.
 */
export function projectRoot(): string {
  if (cached) return cached;
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return (cached = dir);
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${__dirname}`);
  }
}
