import type { FileType } from "#shared/file-types.ts";
import {
  makePdf,
  makeXlsx,
  orgChartSvg,
  photoSvg,
  renderSvg,
  signaturePageSvg,
} from "./demo-files.ts";
import { type DocxBlock, makeDocx, makePptx } from "./demo-office.ts";

/**
 * The demo dossier of "Northwind Legal (demo)": a small law firm's folders and
 * one document of every type the dossier accepts, with content worth
 * searching and chatting about.
 */

export interface DemoFolder {
  name: string;
  /** Name of the parent folder in this list; absent at the top level. */
  parent?: string;
}

export interface DemoDocument {
  fileName: string;
  type: FileType;
  /** Name of its folder in DEMO_FOLDERS; absent at the top level. */
  folder?: string;
  /** How long ago it was added, so the lists show a spread of dates. */
  daysAgo: number;
  owner: "admin" | "member";
  make(): Promise<Buffer>;
}

export const DEMO_FOLDERS: DemoFolder[] = [
  { name: "Contracts" },
  { name: "2024", parent: "Contracts" },
  { name: "Research" },
  { name: "Board" },
];

const text = (value: string) => async () => Buffer.from(value, "utf8");

const MSA_SECTIONS = [
  {
    heading: "Definitions",
    paragraphs: [
      '"Services" means the legal research, contract review and document automation services described in each Statement of Work. "Deliverables" means all work product provided by the Supplier under a Statement of Work.',
      '"Confidential Information" means any information disclosed by one party to the other that is marked confidential or would reasonably be understood to be confidential, including client data and pricing.',
    ],
  },
  {
    heading: "Term and Termination",
    paragraphs: [
      "This Agreement starts on 1 April 2024 and continues for an initial term of three (3) years. It renews automatically for successive periods of twelve (12) months unless either party gives at least ninety (90) days' written notice of non-renewal.",
      "Either party may terminate this Agreement with immediate effect by written notice if the other party commits a material breach that is not remedied within thirty (30) days of a notice describing the breach.",
    ],
  },
  {
    heading: "Fees and Payment",
    paragraphs: [
      "The Customer shall pay the fees set out in each Statement of Work. Invoices are payable within forty-five (45) days of receipt. Late payments bear interest at two percent (2%) above the base rate of the European Central Bank.",
      "Fees are fixed for the initial term. Thereafter the Supplier may increase fees once per year by no more than the change in the consumer price index.",
    ],
  },
  {
    heading: "Limitation of Liability",
    paragraphs: [
      "Neither party's total liability under this Agreement shall exceed the fees paid in the twelve (12) months before the event giving rise to the claim. This cap does not apply to breaches of confidentiality, to the indemnity in clause 6, or to liability that cannot be limited by law.",
      "Neither party is liable for indirect or consequential loss, loss of profit or loss of goodwill.",
    ],
  },
  {
    heading: "Data Protection",
    paragraphs: [
      "The Supplier processes personal data only on the Customer's documented instructions, as set out in the Data Processing Addendum. Personal data may be transferred outside the European Economic Area only under the Standard Contractual Clauses adopted by the European Commission.",
      "The Supplier shall notify the Customer of a personal data breach without undue delay and in any case within forty-eight (48) hours of becoming aware of it.",
    ],
  },
  {
    heading: "Indemnity",
    paragraphs: [
      "The Supplier shall indemnify the Customer against all losses arising from a claim that the Deliverables infringe the intellectual property rights of a third party, provided the Customer notifies the Supplier promptly and allows it to conduct the defence.",
    ],
  },
  {
    heading: "Governing Law and Jurisdiction",
    paragraphs: [
      "This Agreement is governed by the laws of England and Wales. The courts of London have exclusive jurisdiction over any dispute arising from it, without prejudice to either party's right to seek urgent injunctive relief elsewhere.",
    ],
  },
];

const RESEARCH_MEMO = `MEMORANDUM

To: Corporate team
From: Privacy group
Date: 14 October 2024
Re: Cross-border data transfers after Schrems II

1. Question
Can Fabrikam, Inc. continue to access personal data of our EU clients from its support centre in the United States?

2. Short answer
Yes, if the transfer relies on the EU-U.S. Data Privacy Framework (Fabrikam is certified) or, failing that, on the 2021 Standard Contractual Clauses together with a documented transfer impact assessment.

3. Analysis
The Court of Justice invalidated the Privacy Shield in Schrems II (C-311/18) because U.S. surveillance law did not offer protection essentially equivalent to EU law. The Commission's adequacy decision of 10 July 2023 for the Data Privacy Framework restores a lawful basis for transfers to certified organisations. Because that decision may itself be challenged, the Master Services Agreement keeps the Standard Contractual Clauses as a fallback.

4. Recommendations
- Confirm Fabrikam's certification annually and record it in the contract register.
- Keep the transfer impact assessment on file and review it when U.S. law changes.
- Limit support access to pseudonymised data where possible.
`;

const CHECKLIST = `# Due diligence checklist: acquisition of Contoso Ltd

Prepared for the Board, **draft of 2 September 2024**.

## Corporate
- [x] Certificate of incorporation and articles of association
- [x] Register of members and shareholder agreements
- [ ] Board minutes for the last three years

## Contracts
| Contract | Counterparty | Change of control clause | Status |
| --- | --- | --- | --- |
| Supply agreement | Fabrikam, Inc. | Consent required | Requested |
| Office lease | Litware Properties | Notice only | Reviewed |
| Software licence | Tailspin Toys | None | Reviewed |

## Employment
1. Key employee contracts and non-compete covenants
2. Pension scheme liabilities
3. Pending employment tribunal claims

> Flag any indemnity or limitation of liability that survives termination.
`;

const CASE_DIGEST = `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>Case law digest: limitation of liability</title></head>
<body>
<h1>Case law digest: limitation of liability clauses</h1>
<p>Updated <time datetime="2024-09-30">30 September 2024</time> by the litigation group.</p>
<h2>Triple Point Technology v PTT [2021] UKSC 29</h2>
<p>Liquidated damages for delay accrue only until termination; the liability cap applied to <em>negligence</em> claims as well, because the exception for "fraud, gross negligence or wilful misconduct" did not extend to ordinary negligence.</p>
<h2>Drax Energy v Wipro [2023] EWHC 1342 (TCC)</h2>
<p>A cap expressed as "the total liability" of the supplier was a single aggregate cap, not a cap per claim. Drafters should say expressly if each claim has its own cap.</p>
<h2>Practical points</h2>
<ul>
<li>State whether the cap is aggregate or per claim.</li>
<li>List carve-outs (confidentiality, data protection, indemnities) explicitly.</li>
<li>Check how the cap interacts with service credits.</li>
</ul>
<table>
<thead><tr><th>Case</th><th>Court</th><th>Holding</th></tr></thead>
<tbody>
<tr><td>Triple Point v PTT</td><td>UK Supreme Court</td><td>Cap covers negligence unless excluded</td></tr>
<tr><td>Drax v Wipro</td><td>High Court (TCC)</td><td>Single aggregate cap</td></tr>
</tbody>
</table>
</body>
</html>
`;

const DOCKET_CSV = `Case number,Client,Opponent,Court,Stage,Next hearing,Amount in dispute (EUR),Responsible
HC-2024-000118,Fabrikam Inc.,Litware Properties Ltd,High Court (Chancery),Disclosure,2024-11-19,1250000,Olivia Admin
CL-2024-000342,Contoso Ltd,Tailspin Toys plc,Commercial Court,Pleadings,2024-12-03,480000,Max Member
ARB-ICC-27114,Northwind Traders,Wide World Importers,ICC Arbitration (Paris),Witness statements,2025-01-21,3900000,Olivia Admin
ET-2024-1187,Contoso Ltd,Former employee,Employment Tribunal,Preliminary hearing,2024-11-28,65000,Max Member
"CA-2024-0077","Adventure Works, LLC","Fourth Coffee, Inc.",Court of Appeal,Permission to appeal,2025-02-10,720000,Olivia Admin
`;

const NDA_BLOCKS: DocxBlock[] = [
  { kind: "heading1", text: "Mutual Non-Disclosure Agreement" },
  {
    kind: "paragraph",
    text: "This Agreement is made on 2 September 2024 between Northwind Legal LLP and Contoso Ltd (each a 'Party') in connection with the proposed acquisition of Contoso Ltd (the 'Purpose').",
  },
  { kind: "heading2", text: "1. Confidential Information" },
  {
    kind: "paragraph",
    text: "Confidential Information means all information disclosed by a Party for the Purpose, in any form, including financial statements, customer lists, contracts and know-how, but excluding information that is or becomes public other than through a breach of this Agreement.",
  },
  { kind: "heading2", text: "2. Obligations" },
  {
    kind: "bullets",
    items: [
      "Use Confidential Information only for the Purpose.",
      "Disclose it only to employees and advisers who need to know it and are bound by similar duties.",
      "Protect it with at least the care used for one's own confidential information.",
      "Return or destroy it within fourteen (14) days of a written request.",
    ],
  },
  { kind: "heading2", text: "3. Term" },
  {
    kind: "paragraph",
    text: "The obligations in this Agreement last for three (3) years from the date above; obligations concerning trade secrets last for as long as the information remains a trade secret.",
  },
  { kind: "heading2", text: "Signatories" },
  {
    kind: "table",
    rows: [
      ["Party", "Name", "Title"],
      ["Northwind Legal LLP", "Olivia Admin", "Managing Partner"],
      ["Contoso Ltd", "Priya Raman", "Chief Executive Officer"],
    ],
  },
];

const BOARD_SLIDES = [
  {
    title: "Board update: Q3 2024",
    bullets: ["Northwind Legal LLP", "Board meeting of 18 September 2024", "Confidential"],
  },
  {
    title: "Highlights",
    bullets: [
      "Revenue up 12% on Q2, driven by the Fabrikam and Contoso mandates",
      "Contoso acquisition: due diligence 70% complete",
      "Two new associates joined the privacy group",
    ],
  },
  {
    title: "Risks",
    bullets: [
      "ICC arbitration ARB-ICC-27114: hearing moved to January 2025",
      "Renewal of the Litware office lease due by 31 March 2025",
      "Data Privacy Framework may face a legal challenge",
    ],
  },
  {
    title: "Decisions requested",
    bullets: [
      "Approve the 2025 budget",
      "Approve the engagement terms for the Contoso acquisition",
      "Adopt the revised data retention policy",
    ],
  },
];

const REGISTER = {
  name: "Register",
  columns: [
    { header: "Counterparty", key: "counterparty", width: 26 },
    { header: "Agreement", key: "agreement", width: 30 },
    { header: "Start", key: "start", width: 12, numFmt: "yyyy-mm-dd" },
    { header: "End", key: "end", width: 12, numFmt: "yyyy-mm-dd" },
    { header: "Annual value (EUR)", key: "value", width: 20, numFmt: "#,##0" },
    { header: "Status", key: "status", width: 14 },
  ],
  rows: [
    ["Fabrikam, Inc.", "Master Services Agreement", "2024-04-01", "2027-03-31", 420000, "Active"],
    ["Contoso Ltd", "Mutual NDA", "2024-09-02", "2027-09-01", 0, "Active"],
    ["Litware Properties", "Office lease", "2020-04-01", "2025-03-31", 186000, "Renewal due"],
    ["Tailspin Toys", "Software licence", "2024-01-15", "2025-01-14", 24000, "Active"],
    ["Wide World Importers", "Settlement agreement", "2024-06-30", "2024-12-31", 95000, "Closing"],
  ].map(([counterparty, agreement, start, end, value, status]) => ({
    counterparty: String(counterparty),
    agreement: String(agreement),
    start: new Date(`${start}T00:00:00Z`),
    end: new Date(`${end}T00:00:00Z`),
    value: Number(value),
    status: String(status),
  })),
  totals: { value: "sum" as const },
};

export const DEMO_DOCUMENTS: DemoDocument[] = [
  {
    fileName: "Master Services Agreement - Fabrikam.pdf",
    type: "pdf",
    folder: "Contracts",
    daysAgo: 40,
    owner: "admin",
    make: () =>
      makePdf({
        title: "Master Services Agreement",
        subtitle: "Northwind Legal LLP and Fabrikam, Inc. - dated 12 March 2024",
        sections: MSA_SECTIONS,
      }),
  },
  {
    fileName: "Mutual NDA - Contoso.docx",
    type: "docx",
    folder: "Contracts",
    daysAgo: 12,
    owner: "member",
    make: () => makeDocx(NDA_BLOCKS),
  },
  {
    fileName: "Contract register 2024.xlsx",
    type: "xlsx",
    folder: "2024",
    daysAgo: 3,
    owner: "admin",
    make: () => makeXlsx([REGISTER]),
  },
  {
    fileName: "Signature page - Fabrikam MSA.png",
    type: "png",
    folder: "2024",
    daysAgo: 40,
    owner: "admin",
    make: () =>
      renderSvg(
        signaturePageSvg([
          { company: "NORTHWIND LEGAL LLP", signatory: "Olivia Admin", title: "Managing Partner" },
          { company: "FABRIKAM, INC.", signatory: "Daniel Okafor", title: "General Counsel" },
        ]),
        "png",
      ),
  },
  {
    fileName: "Memo - Cross-border data transfers.txt",
    type: "txt",
    folder: "Research",
    daysAgo: 20,
    owner: "member",
    make: text(RESEARCH_MEMO),
  },
  {
    fileName: "Due diligence checklist - Contoso.md",
    type: "md",
    folder: "Research",
    daysAgo: 1,
    owner: "member",
    make: text(CHECKLIST),
  },
  {
    fileName: "Case law digest - Limitation of liability.html",
    type: "html",
    folder: "Research",
    daysAgo: 5,
    owner: "admin",
    make: text(CASE_DIGEST),
  },
  {
    fileName: "Litigation docket.csv",
    type: "csv",
    folder: "Research",
    daysAgo: 0,
    owner: "admin",
    make: text(DOCKET_CSV),
  },
  {
    fileName: "Board update Q3 2024.pptx",
    type: "pptx",
    folder: "Board",
    daysAgo: 45,
    owner: "admin",
    make: () => makePptx(BOARD_SLIDES),
  },
  {
    fileName: "Organization chart.svg",
    type: "svg",
    folder: "Board",
    daysAgo: 45,
    owner: "admin",
    make: text(orgChartSvg()),
  },
  {
    fileName: "Offsite - Lake Como.jpg",
    type: "jpg",
    folder: "Board",
    daysAgo: 90,
    owner: "member",
    make: () => renderSvg(photoSvg(205, "Partners' offsite, Lake Como, June 2024"), "jpeg"),
  },
  {
    fileName: "New office - Canary Wharf.webp",
    type: "webp",
    folder: "Board",
    daysAgo: 8,
    owner: "member",
    make: () => renderSvg(photoSvg(28, "New office, Canary Wharf, floor 21"), "webp"),
  },
  {
    fileName: "Welcome banner.gif",
    type: "gif",
    daysAgo: 2,
    owner: "admin",
    make: () => renderSvg(photoSvg(140, "Welcome to Northwind Legal's dossier"), "gif"),
  },
];
