/**
 * QA runs (issue 45): every distinct variant of a creative rendered in headless Chromium and
 * checked; the company's gate of a passing run before live.
 */

export { createMediaStatus } from './media-status';
export { createQaRunsRepository, type QaRunsRepository } from './qa-runs.repository';
export { createQaRunsService, QA_ATTEMPTS, QA_JOB, type QaRunsService } from './qa-runs.service';
