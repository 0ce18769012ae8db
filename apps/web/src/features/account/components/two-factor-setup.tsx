import { type TwoFactorSetup as Setup, TWO_FACTOR_DIGITS, TwoFactorConfirmSchema } from '@adstudio/contract';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { FormTextField } from '../../../components/ui/form-text-field';
import { PageForm } from '../../../components/ui/page-form';
import { visuallyHidden } from '../../../components/ui/shared-link';
import { refreshUser } from '../../../lib/auth';
import { copyAndSay } from '../../../lib/copy-text';
import { useSchemaForm } from '../../../lib/schema-form';
import { useBeginTwoFactor } from '../api/begin-two-factor';
import { type TwoFactorConfirm, useConfirmTwoFactor } from '../api/confirm-two-factor';
import { RecoveryCodes } from './recovery-codes';

/** The secret in groups of four, as people read and type it ("ABCD EFGH …"). */
export const groupedSecret = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/** The server's own SVG as an image: drawn by the browser's image decoder, never put in the page's DOM. */
export const svgDataUrl = (svg: string) => `data:image/svg+xml;utf8,${encodeURIComponent(svg)}`;

function ScanStep({
  setup,
  onConfirmed,
  onCancel,
}: {
  setup: Setup;
  onConfirmed: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const confirm = useConfirmTwoFactor();
  const form = useSchemaForm(TwoFactorConfirmSchema, { code: '' });
  const submit = (values: TwoFactorConfirm) => confirm.mutateAsync(values).then(onConfirmed);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="body2">
        1. Scan this QR code with your authenticator app (Google Authenticator, 1Password, Authy…).
      </Typography>
      <Box
        component="img"
        src={svgDataUrl(setup.qr_svg)}
        alt="QR code to add Adstudio to your authenticator app"
        sx={{ width: 184, height: 184, bgcolor: '#fff', borderRadius: 1, justifySelf: 'start' }}
      />
      <Typography variant="body2">Or type this key into the app:</Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Box
          component="code"
          data-testid="two-factor-secret"
          data-secret={setup.secret}
          sx={{
            fontFamily: 'monospace',
            fontSize: '1rem',
            letterSpacing: '0.04em',
            px: 1.5,
            py: 1,
            bgcolor: 'action.hover',
            borderRadius: 1,
            overflowWrap: 'anywhere',
            userSelect: 'all',
          }}
        >
          {groupedSecret(setup.secret)}
        </Box>
        <Button
          variant="outlined"
          size="small"
          startIcon={<ContentCopyIcon />}
          onClick={() => void copyAndSay(setup.secret, 'Key')}
        >
          Copy
          <Box component="span" sx={visuallyHidden}>
            {' key'}
          </Box>
        </Button>
      </Box>
      <PageForm
        form={form}
        label="Confirm two-factor sign-in"
        onSubmit={submit}
        submitLabel="Confirm"
        busyLabel="Confirming…"
        inlineFailures
        onCancel={onCancel}
      >
        <Typography variant="body2">2. Enter the {TWO_FACTOR_DIGITS}-digit code the app shows.</Typography>
        <FormTextField
          control={form.control}
          name="code"
          label="Code"
          required
          autoComplete="one-time-code"
          sx={{ maxWidth: 240 }}
          slotProps={{ htmlInput: { inputMode: 'numeric', spellCheck: false } }}
        />
      </PageForm>
    </Box>
  );
}

/**
 * Setting up two-factor sign-in, in My Account or as the only screen when the company requires it:
 * Set up → the QR code and the key → a first code → the recovery codes, shown once. Done reads the
 * user again, so the app follows (two_factor on, no set-up required any more).
 */
export function TwoFactorSetup({
  intro,
  doneLabel = 'Done',
  beforeDone,
}: {
  intro?: React.ReactNode;
  doneLabel?: string;
  /** Runs before the user is read again (the forced set-up drops what the refused requests left). */
  beforeDone?: () => void;
}) {
  const begin = useBeginTwoFactor();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [finishing, setFinishing] = useState(false);

  if (codes) {
    const finish = () => {
      setFinishing(true);
      beforeDone?.();
      refreshUser().catch(() => setFinishing(false));
    };
    return <RecoveryCodes codes={codes} doneLabel={doneLabel} onDone={finish} busy={finishing} />;
  }
  if (begin.data) {
    return <ScanStep setup={begin.data} onConfirmed={setCodes} onCancel={() => begin.reset()} />;
  }
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {intro}
      <Box>
        <Button variant="contained" onClick={() => begin.mutate()} disabled={begin.isPending}>
          {begin.isPending ? 'Starting…' : 'Set up'}
        </Button>
      </Box>
    </Box>
  );
}
