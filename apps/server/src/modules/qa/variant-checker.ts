import type { QaFindingKind, QaSeverity } from '@adstudio/contract';

// Placeholder of the checker's interface until its implementation lands (h/checker).
export interface VariantToCheck {
  url: string;
  width: number;
  height: number;
  clickUrl: string;
}
export interface CheckFinding {
  kind: QaFindingKind;
  severity: QaSeverity;
  message: string;
  url?: string;
  text?: string;
}
export interface VariantResult {
  findings: CheckFinding[];
  screenshot: Buffer | null;
  bytes: { initial: number; total: number };
  cpuMs: number;
}
