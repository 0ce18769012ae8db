import { useCompanyTwoFactor, useSetCompanyTwoFactor } from '../api/company-two-factor';
import { CompanyRuleSwitch } from './company-rule-switch';

/** Admins: whether everyone must use two-factor sign-in; turning it on is confirmed first. */
export function CompanyTwoFactorSwitch() {
  return (
    <CompanyRuleSwitch
      rule={useCompanyTwoFactor()}
      save={useSetCompanyTwoFactor()}
      label="Require two-factor sign-in for everyone"
      helper="Users without it must set it up when they next use Adstudio."
      what="Whether two-factor sign-in is required"
      saidOn="Two-factor sign-in is required now."
      saidOff="Two-factor sign-in is optional now."
      confirmOn={{
        title: 'Require two-factor sign-in?',
        message: 'Everyone without it, you included, must set it up before anything else.',
        confirmLabel: 'Require it',
      }}
    />
  );
}
