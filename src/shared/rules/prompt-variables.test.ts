import { describe, expect, it } from "vitest";
import { fillPromptVariables, parsePromptVariables } from "./prompt-variables.ts";

describe("parsePromptVariables", () => {
  it("finds each placeholder once, in order of first appearance", () => {
    expect(parsePromptVariables("Dear {{client}}, about {{matter_id}} for {{client}}.")).toEqual([
      "client",
      "matter_id",
    ]);
  });

  it("trims spaces inside the braces", () => {
    expect(parsePromptVariables("{{ client }} and {{\tdue-date }}")).toEqual([
      "client",
      "due-date",
    ]);
  });

  it("accepts letters of any script and digits", () => {
    expect(parsePromptVariables("{{société}} {{step2}}")).toEqual(["société", "step2"]);
  });

  it("ignores braces that are not a valid name", () => {
    expect(parsePromptVariables("{{}} {{two words}} {{a.b}} {single} {{ }}")).toEqual([]);
  });

  it("finds none in a body without placeholders", () => {
    expect(parsePromptVariables("Summarize the attached contract.")).toEqual([]);
  });
});

describe("fillPromptVariables", () => {
  it("replaces every occurrence, spaced or not", () => {
    expect(
      fillPromptVariables("Dear {{client}}, {{ client }} owes {{amount}}.", {
        client: "Acme",
        amount: "$5",
      }),
    ).toBe("Dear Acme, Acme owes $5.");
  });

  it("leaves a placeholder without a value as written", () => {
    expect(fillPromptVariables("Hi {{name}}", {})).toBe("Hi {{name}}");
  });

  it("inserts values literally, even ones that look like replacement patterns", () => {
    expect(fillPromptVariables("{{a}}", { a: "$& {{b}}" })).toBe("$& {{b}}");
  });
});
