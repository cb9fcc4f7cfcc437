/** Common questions about Atrium and their answers (the help of /account/support). */
export const SUPPORT_FAQ: { question: string; answer: string; keywords: string }[] = [
  {
    question: "Which files can I upload, and how large?",
    answer:
      "PDF, Word (.docx), Excel (.xlsx), CSV, PowerPoint (.pptx), plain text, Markdown, HTML and images (PNG, JPEG, GIF, WebP, SVG). Drag them onto a folder in the Dossier or use Upload; each file may be up to 100 MB unless your administrator set another limit.",
    keywords: "upload file type size limit pdf docx excel dossier",
  },
  {
    question: "My document says “Processing”. When is it ready?",
    answer:
      "After upload, Atrium extracts the text, writes a summary and indexes the document for search and chat. Most documents take a few seconds; large PDFs up to two minutes. The status changes by itself, and the bell tells you when it is ready or if it failed.",
    keywords: "processing pending status ready slow",
  },
  {
    question: "A document failed to process. What can I do?",
    answer:
      "Open it in the Dossier to read why: a password-protected or damaged file cannot be read. Fix the file and upload it again, or use Retry if the failure was temporary. If it keeps failing, send us a request below with the document attached.",
    keywords: "failed error retry password damaged",
  },
  {
    question: "What are the numbered citations in an answer?",
    answer:
      "Each [1], [2] in an answer points to the passage of your documents it relies on. Click one to open the document at that passage and check it: answers are written by AI and can be wrong.",
    keywords: "citations sources references answer chat wrong",
  },
  {
    question: "Who can see my documents and chats?",
    answer:
      "Your documents are private until you share them; your threads are yours alone. Sharing a folder or document (Share in its menu) lets chosen colleagues, or the whole organization, view or edit it. Organization admins manage members but do not read your private documents.",
    keywords: "sharing privacy share permissions private admin",
  },
  {
    question: "How do I use a prompt from the Prompt Library?",
    answer:
      "Open the Prompt Library, pick a prompt and fill in its blanks, then Use it: it opens a new chat with the text ready to send. In any chat, type / in the message box to pick a prompt without leaving the conversation.",
    keywords: "prompt library template slash variables",
  },
  {
    question: "What do modules do, and where do their results go?",
    answer:
      "Modules are ready-made tasks (a contract review, a summary memo…) set up for your organization. Run one from Modules with the documents it asks for; its progress shows live and its results land in Drafts.",
    keywords: "modules run workflow execution results",
  },
  {
    question: "How do I keep or discard a draft?",
    answer:
      "Open Modules › Drafts. Each draft shows beside the list; edit it, then save it into your Dossier, or discard it. Drafts still being written show as pending.",
    keywords: "drafts save discard review",
  },
  {
    question: "Can I dictate a message or have an answer read aloud?",
    answer:
      "Yes, when your organization has a speech provider set up: the microphone button in the message box records and types what you say, and the speaker button on an answer reads it aloud. Choose the voice, speed and language under Account › Pocket associate.",
    keywords: "voice dictate microphone speech read aloud pocket associate transcription",
  },
  {
    question: "How do I change or reset my password?",
    answer:
      "Change it under Account › Password (you need the current one; other sessions are signed out). If you forgot it, ask your organization admin or an administrator to set a new one for you.",
    keywords: "password reset forgot change sign in login",
  },
  {
    question: "How do I stop email or in-app notifications?",
    answer:
      "Under Account › Notifications, choose In app, Email or Off for each kind of event. Email sends one message for a burst of events rather than one per event.",
    keywords: "notifications email bell off preferences",
  },
];
