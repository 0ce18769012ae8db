import { useCompanyQaGate, useSetCompanyQaGate } from '../api/company-qa-gate';
import { CompanyRuleSwitch } from './company-rule-switch';

/** Admins: whether a creative needs a passing QA run on its current content before it goes live (issue 45). */
export function CompanyQaGateSwitch() {
  return (
    <CompanyRuleSwitch
      rule={useCompanyQaGate()}
      save={useSetCompanyQaGate()}
      label="Require a passing QA run before a creative goes live"
      helper="A creative then moves to live only when its newest QA run passed on the content it has now."
      what="Whether a passing QA run is required"
      saidOn="A passing QA run is required before live now."
      saidOff="Creatives may go live without a QA run now."
    />
  );
}
