/**
 * Named code regions: how a chapter shows the code that runs.
 *
 * Engine files mark the code a chapter quotes with line comments:
 *
 *     // #region drop-pawn-mate
 *     ...
 *     // #endregion
 *
 * Regions may nest; a quoted region drops the marker lines of the regions inside it. This module
 * is pure (text in, text out) so the build, the tests and any script share one reading of a file.
 */

const REGION_START = /^\s*\/\/\s*#region\b\s*(.*?)\s*$/;
const REGION_END = /^\s*\/\/\s*#endregion\b/;
/** A region name: lower-case words joined by hyphens, as in `drop-pawn-mate-naive`. */
const REGION_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Where a region sits in its file. Line numbers are 1-based and exclude the marker lines. */
export interface RegionSpan {
  name: string;
  /** Line of the `// #region` marker. */
  markerLine: number;
  /** First line after the marker. */
  firstLine: number;
  /** Last line before the matching `// #endregion`. */
  lastLine: number;
}

/** Every region of a file, or the problems that make its markers unusable. */
export interface RegionScan {
  regions: RegionSpan[];
  problems: string[];
}

/** A region cut out of its file, ready to render. */
export interface ExtractedRegion {
  code: string;
  firstLine: number;
  lastLine: number;
}

const isMarker = (line: string): boolean => REGION_START.test(line) || REGION_END.test(line);

/** Lists the regions of a file and checks that markers balance and names are unique and well formed. */
export function scanRegions(text: string): RegionScan {
  const lines = text.split(/\r?\n/);
  const regions: RegionSpan[] = [];
  const problems: string[] = [];
  const open: { name: string; markerLine: number }[] = [];
  const seen = new Map<string, number>();

  lines.forEach((line, index) => {
    const lineNumber = index + 1;
    const start = REGION_START.exec(line);
    if (start) {
      const name = start[1] ?? '';
      if (!REGION_NAME.test(name)) {
        problems.push(
          `line ${lineNumber}: region name "${name}" should be lower-case words joined by hyphens`,
        );
      }
      const earlier = seen.get(name);
      if (earlier !== undefined) {
        problems.push(`line ${lineNumber}: region "${name}" is already defined on line ${earlier}`);
      } else {
        seen.set(name, lineNumber);
      }
      open.push({ name, markerLine: lineNumber });
      return;
    }
    if (REGION_END.test(line)) {
      const region = open.pop();
      if (!region) {
        problems.push(`line ${lineNumber}: #endregion without a matching #region`);
        return;
      }
      regions.push({
        name: region.name,
        markerLine: region.markerLine,
        firstLine: region.markerLine + 1,
        lastLine: lineNumber - 1,
      });
    }
  });
  for (const region of open) {
    problems.push(`line ${region.markerLine}: region "${region.name}" is never closed`);
  }
  regions.sort((a, b) => a.markerLine - b.markerLine);
  return { regions, problems };
}

/** Removes the indentation that every non-blank line shares, and blank lines at either end. */
export function dedent(lines: readonly string[]): string {
  let first = 0;
  let last = lines.length - 1;
  while (first <= last && lines[first]!.trim() === '') first++;
  while (last >= first && lines[last]!.trim() === '') last--;
  const body = lines.slice(first, last + 1);
  let indent = Infinity;
  for (const line of body) {
    if (line.trim() === '') continue;
    indent = Math.min(indent, /^[ \t]*/.exec(line)![0].length);
  }
  if (!Number.isFinite(indent)) indent = 0;
  return body.map((line) => (line.trim() === '' ? '' : line.slice(indent))).join('\n');
}

/**
 * Cuts one region out of a file's text: the lines between its markers, without the markers of
 * regions nested inside it, dedented. Throws if the region is missing or the markers are broken;
 * the message names the file and the region.
 */
export function extractRegion(text: string, file: string, name: string): ExtractedRegion {
  const { regions, problems } = scanRegions(text);
  if (problems.length > 0) {
    throw new Error(`Broken region markers in ${file}: ${problems.join('; ')}`);
  }
  const span = regions.find((region) => region.name === name);
  if (!span) {
    const known = regions.map((region) => region.name).join(', ') || 'none';
    throw new Error(`Region "${name}" not found in ${file} (regions in that file: ${known})`);
  }
  const lines = text.split(/\r?\n/).slice(span.firstLine - 1, span.lastLine);
  return {
    code: dedent(lines.filter((line) => !isMarker(line))),
    firstLine: span.firstLine,
    lastLine: span.lastLine,
  };
}

/** Turns `src/engine/x.ts`, `/src/engine/x.ts` or `./src/engine/x.ts` into `src/engine/x.ts`. */
export const normalizePath = (file: string): string => file.replace(/^\.?\//, '');

/**
 * Finds a file among the sources loaded at build time (keys as `import.meta.glob` gives them,
 * e.g. `/src/engine/movegen.ts`) and extracts a region from it. Throws, naming both, when the file
 * or the region is missing.
 */
export function regionFromSources(
  sources: Readonly<Record<string, string>>,
  file: string,
  region: string,
): ExtractedRegion {
  const path = normalizePath(file);
  const text = sources[`/${path}`];
  if (text === undefined) {
    throw new Error(
      `Cannot show region "${region}": file ${path} not found among the engine sources ` +
        `(src/engine/**/*.ts)`,
    );
  }
  return extractRegion(text, path, region);
}
