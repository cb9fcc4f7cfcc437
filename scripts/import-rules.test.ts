import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  checkImports,
  importCycles,
  importEdges,
  importSpecifiers,
  layerViolations,
  packageImportViolations,
} from "./import-rules.ts";

const tree = (files: Record<string, string>) => importEdges(new Map(Object.entries(files)));

describe("import rules", () => {
  it("reads static, type, re-export, bare and dynamic imports, not those in comments", () => {
    const source = [
      'import { a } from "./a.ts";',
      'import type { B } from "../b.ts";',
      'export { c } from "./c.ts";',
      'import "./side-effect.css";',
      'const d = await import("./d.ts");',
      'type E = import("./e.ts").E;',
      '// import { f } from "./f.ts";',
      '/* import { g } from "./g.ts"; */',
    ].join("\n");
    expect(importSpecifiers(source)).toEqual([
      "./a.ts",
      "../b.ts",
      "./c.ts",
      "./side-effect.css",
      "./d.ts",
      "./e.ts",
    ]);
  });

  it("refuses web <-> server, shared -> either, and features importing each other", () => {
    const edges = tree({
      "src/web/app.tsx": 'import { x } from "../server/x.ts";',
      "src/server/x.ts": 'import { y } from "../web/y.ts";\nimport { z } from "#shared/z.ts";',
      "src/web/y.ts": 'import { z } from "#shared/z.ts";',
      "src/shared/z.ts": 'import { w } from "../server/w.ts";',
      "src/server/w.ts": "",
      "src/web/features/chat/a.tsx": 'import { b } from "../dossier/b.tsx";',
      "src/web/features/dossier/b.tsx": 'import { y } from "../../y.ts";',
      "src/web/lib/c.ts": 'import { b } from "../features/dossier/b.tsx";',
    });
    expect(layerViolations(edges)).toEqual([
      "src/web/app.tsx imports src/server/x.ts: src/web must not import src/server.",
      "src/server/x.ts imports src/web/y.ts: src/server must not import src/web.",
      "src/shared/z.ts imports src/server/w.ts: src/shared must not import src/server.",
      "src/web/features/chat/a.tsx imports src/web/features/dossier/b.tsx: features do not import each other; move what both need to src/web/components, src/web/lib or src/shared.",
      "src/web/lib/c.ts imports src/web/features/dossier/b.tsx: src/web/lib and src/web/components import no feature.",
    ]);
  });

  it("keeps the web off the whole contract registry, except in tests", () => {
    const edges = tree({
      "src/web/features/dossier/api/q.ts": 'import { api } from "#shared/api/index.ts";',
      "src/web/features/dossier/api/q.test.ts": 'import { api } from "#shared/api/index.ts";',
      "src/web/features/chat/api/r.ts": 'import * as threadsApi from "#shared/api/threads.ts";',
      "src/server/api/functions.ts": 'import { api } from "#shared/api/index.ts";',
      "src/shared/api/index.ts": "",
      "src/shared/api/threads.ts": "",
    });
    expect(layerViolations(edges)).toEqual([
      "src/web/features/dossier/api/q.ts imports src/shared/api/index.ts: the web imports a namespace's contract file (e.g. #shared/api/documents.ts), not the whole registry, so each chunk carries only the contracts it names (decision 016).",
    ]);
  });

  it("takes each lucide icon from its own module, never from the package's index", () => {
    const sources = new Map(
      Object.entries({
        "src/web/a.tsx": 'import { Mail, type LucideIcon } from "lucide-react";',
        "src/web/b.tsx": 'import type { LucideIcon } from "lucide-react";',
        "src/web/c.tsx": 'import { X } from "lucide-react/icons";',
        "src/web/d.tsx": 'import { DynamicIcon } from "lucide-react/dynamic";',
        "src/web/ok.tsx": [
          'import Mail from "lucide-react/icons/mail";',
          'import type { LucideIcon, LucideProps } from "lucide-react/types";',
          'import { thing } from "lucide-react-extra";',
        ].join("\n"),
      }),
    );
    const problems = packageImportViolations(sources);
    expect(problems.map((problem) => problem.split(":")[0])).toEqual([
      'src/web/a.tsx imports "lucide-react"',
      'src/web/b.tsx imports "lucide-react"',
      'src/web/c.tsx imports "lucide-react/icons"',
      'src/web/d.tsx imports "lucide-react/dynamic"',
    ]);
    expect(problems[0]).toContain('import Mail from "lucide-react/icons/mail"');
    expect(problems[0]).toContain('import type { LucideIcon } from "lucide-react/types"');
  });

  it("allows what flows one way", () => {
    const edges = tree({
      "src/web/routes/a.tsx": 'import { b } from "../features/dossier/b.tsx";',
      "src/web/features/dossier/b.tsx":
        'import { c } from "../../lib/c.ts";\nimport "#shared/d.ts";',
      "src/web/lib/c.ts": 'import { d } from "#shared/d.ts";',
      "src/server/e.ts": 'import { d } from "#shared/d.ts";',
      "src/shared/d.ts": 'import { z } from "zod";',
    });
    expect(edges).toHaveLength(5);
    expect(layerViolations(edges)).toEqual([]);
    expect(importCycles(edges)).toEqual([]);
  });

  it("finds cycles through type-only imports and extensionless specifiers, and self-imports", () => {
    const edges = tree({
      "src/web/router.tsx": 'import { routeTree } from "./routeTree.gen";',
      "src/web/routeTree.gen.ts": 'import { Route } from "./routes/__root";',
      "src/web/routes/__root.tsx": 'import type { RouterContext } from "../router.tsx";',
      "src/server/a.ts": 'import { b } from "./b.ts";',
      "src/server/b.ts": 'import type { A } from "./a.ts";',
      "src/server/c.ts": 'import { c } from "./c.ts";',
      "src/server/d.ts": 'import { a } from "./a.ts";',
    });
    expect(importCycles(edges)).toEqual([
      ["src/web/routeTree.gen.ts", "src/web/router.tsx", "src/web/routes/__root.tsx"],
      ["src/server/a.ts", "src/server/b.ts"],
      ["src/server/c.ts"],
    ]);
  });

  it("holds for the project's own src/", () => {
    expect(checkImports(path.resolve(import.meta.dirname, ".."))).toEqual([]);
  });
});
