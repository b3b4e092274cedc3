// Submission tokens, the knowledge base and crash reports (decisions §2).
import { defineOperation } from './operation.ts';

export const extraOperations = {
  createSubmissionToken: defineOperation({ id: 'createSubmissionToken', methods: ['POST'], path: '/projects/{project_id}/submission_tokens', tag: 'Submission tokens', summary: 'A single-use JWT carrying trusted email and custom fields.', status: 201 }),
  askKnowledgeBase: defineOperation({ id: 'askKnowledgeBase', methods: ['POST'], path: '/projects/{project_id}/support_knowledge/ask', tag: 'Knowledge base', summary: 'Answer a player question from the game facts, glossary, knowledge and resolved issues.' }),
  reportUnrealCrash: defineOperation({ id: 'reportUnrealCrash', methods: ['POST'], path: '/crashes/unreal/{token}', tag: 'Crash reports', summary: 'Unreal CrashReportClient upload; creates a raw issue.', status: 201, public: true }),
} as const;
