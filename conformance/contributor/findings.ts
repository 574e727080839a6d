import type { Severity } from '../../invariants/findings.js';
import { contributorRules, type ContributorRuleId } from '../../invariants/rules/contributor/catalog.js';

/** One contributor-rule finding in one run: plain data, where it happened, one sentence of why. */
export interface ContributorFinding {
  rule: ContributorRuleId;
  severity: Severity;
  message: string;
  turn?: number;
  step?: number;
  seq?: number;
}

export const finding = (rule: ContributorRuleId, message: string, where: Partial<ContributorFinding> = {}): ContributorFinding => ({
  rule,
  severity: contributorRules[rule].severity,
  message,
  ...where,
});
