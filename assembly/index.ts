/** Hazard kernel entry (filled in by the engine issue). */
export function kernelVersion(): i32 {
  return 1;
}
