/**
 * The two web-platform globals the engine uses. They exist in Node, in Web Workers and in
 * browsers; declaring them here keeps DOM types out of the engine's compilation.
 */
declare const performance: { now(): number };
declare function structuredClone<T>(value: T): T;
