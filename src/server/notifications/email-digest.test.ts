import { describe, expect, it } from "vitest";
import { composeDigest } from "./email-digest.ts";

const base = { appName: "Atrium", publicUrl: "https://atrium.example.com", firstName: "Dana" };

describe("composeDigest", () => {
  it("names a single notification in the subject", () => {
    const mail = composeDigest({
      ...base,
      notifications: [{ title: "“Lease.pdf” is ready", body: "", link: "/dossier?document=1" }],
    });
    expect(mail.subject).toBe("Atrium: “Lease.pdf” is ready");
    expect(mail.text).toContain("https://atrium.example.com/dossier?document=1");
  });

  it("counts a burst, lists the first 50 and escapes HTML", () => {
    const notifications = Array.from({ length: 200 }, (_, i) => ({
      title: `<b>Report ${i + 1}</b> is ready`,
      body: "",
      link: null,
    }));
    const mail = composeDigest({ ...base, notifications });
    expect(mail.subject).toBe("Atrium: 200 new notifications");
    expect(mail.text).toContain("Here are your 200 new notifications:");
    expect(mail.text).toContain("<b>Report 50</b> is ready");
    expect(mail.text).not.toContain("Report 51<");
    expect(mail.text).toContain("… and 150 more.");
    expect(mail.html).toContain("&lt;b&gt;Report 1&lt;/b&gt;");
    expect(mail.html).not.toContain("<b>Report");
  });
});
