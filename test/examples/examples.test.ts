/**
 * Every program in examples/ runs, exits with 0, and prints exactly what src/data/examples/ holds
 * for it: the output the chapters show under its source is the output it gives today. After a
 * change to an example or to what it prints, `npm run examples:capture` writes the files again.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { capturedNames, capturePath, exampleNames, runExample } from '../../scripts/examples';

const examples = exampleNames();

describe('examples/', () => {
  it('has examples, each with its captured output and no capture without an example', () => {
    expect(examples.length).toBeGreaterThan(0);
    const captured = capturedNames();
    const hint = 'run `npm run examples:capture`';
    expect(
      examples.filter((n) => !captured.includes(n)),
      `examples without output: ${hint}`,
    ).toEqual([]);
    expect(
      captured.filter((n) => !examples.includes(n)),
      `outputs without an example: ${hint}`,
    ).toEqual([]);
  });

  it('names only examples that exist in the chapters (the build would stop on the others)', () => {
    const dir = 'src/content/chapters';
    const missing = readdirSync(dir)
      .filter((file) => file.endsWith('.mdx'))
      .flatMap((file) =>
        [...readFileSync(`${dir}/${file}`, 'utf8').matchAll(/<Example\s+name="([^"]*)"/g)]
          .map((m) => m[1]!)
          .filter((name) => !examples.includes(name))
          .map((name) => `${file}: <Example name="${name}" />`),
      );
    expect(missing).toEqual([]);
  });

  // One at a time: each starts Node and tsx, and two cores are shared with the rest of the suite.
  it.each(examples)('examples/%s.ts runs and prints its captured output', async (name) => {
    const run = await runExample(name);
    expect(run.code, `examples/${name}.ts failed:\n${run.stderr}`).toBe(0);
    expect(existsSync(capturePath(name)), `no ${capturePath(name)}`).toBe(true);
    expect(
      run.stdout,
      `examples/${name}.ts prints something other than its capture: run \`npm run examples:capture\``,
    ).toBe(readFileSync(capturePath(name), 'utf8'));
  });
});
