import v8 from "node:v8";
import vm from "node:vm";

/**
 * One full garbage collection once the server is up (decisions 032 "Idle memory" and 033
 * "Memory over the run"). Starting loads some 4,600 modules, and on a new data dir a throwaway
 * PGlite instance runs initdb: V8 grows its young generation to the full semi-spaces for that
 * and, with no memory-reducing collection coming for minutes at idle, kept it all (heapTotal
 * 190 MB for 40 MB used). This returns it once; under load the young generation grows again to
 * V8's default size, which is what keeps a busy server's collections cheap (a smaller fixed
 * semi-space cost 13–28 % more CPU per request in the soak). `gc` is reachable at run time
 * through --expose-gc in a fresh context; a `last-resort` collection also shrinks the young
 * generation.
 */
export function releaseStartupMemory(): void {
  try {
    v8.setFlagsFromString("--expose-gc");
    const gc = vm.runInNewContext("gc") as
      | ((options?: { type?: string; execution?: string; flavor?: string }) => void)
      | undefined;
    gc?.({ type: "major", execution: "sync", flavor: "last-resort" });
  } catch {
    // Not essential: memory is returned at the next major collection.
  }
}
