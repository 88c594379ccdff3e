// Slices long synchronous work (replays of long logs) so timers and I/O get their turn in between.

/** Work runs this long (ms) at most before the event loop gets a turn. */
const SLICE_MS = 5;

/** Shared by every stream: ten replays interleaved in one macrotask are one slice, not ten. */
let sliceStart = performance.now();

/** Whether the current slice has run its time: the caller should `await yieldToLoop()` before going on. */
export function sliceSpent(): boolean {
  return performance.now() - sliceStart >= SLICE_MS;
}

/**
 * Lets the event loop run its timers and I/O, then starts a new slice. A promise that resolves at once
 * would not do: it continues in the same macrotask, so a loop over ready items would never let I/O in.
 */
export async function yieldToLoop(): Promise<void> {
  await new Promise<void>((resolve) => setImmediate(resolve));
  sliceStart = performance.now();
}
