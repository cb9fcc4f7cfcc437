export const DEMO_AUTOMATION_PATH = "/api/demo-automation";
