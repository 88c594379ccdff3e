// Slices long synchronous work (replays of long logs) so timers and I/O get their turn in between.

/** Work runs this long (ms) at most before the event loop gets a turn. */
const SLICE_MS = 5;

/**
 * One slice for every stream of the process: ten replays interleaved in one macrotask share it, and all
 * that yield in it wait for the same turn of the loop, so a turn costs one slice, not one per stream.
 */
let sliceStart = performance.now();
let turn: Promise<void> | null = null;

/** Whether the current slice has run its time: the caller should `await yieldToLoop()` before going on. */
export function sliceSpent(): boolean {
  return performance.now() - sliceStart >= SLICE_MS;
}

/**
 * Lets the event loop run its timers and I/O, then starts a new slice. A promise that resolves at once
 * would not do: it continues in the same macrotask, so a loop over ready items would never let I/O in.
 */
export function yieldToLoop(): Promise<void> {
  turn ??= new Promise<void>((resolve) =>
    setImmediate(() => {
      turn = null;
      sliceStart = performance.now();
      resolve();
    }),
  );
  return turn;
}
