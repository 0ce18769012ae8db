import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import { type ReactNode, useId } from 'react';

interface TitledCardProps {
  title: string;
  subheader?: ReactNode;
  action?: ReactNode;
  /** Children go straight into the card (e.g. a list that brings its own padding). */
  flush?: boolean;
  children: ReactNode;
}

/** A titled card that is a page section named by its h2, so assistive tech can jump between them. */
export function TitledCard({ title, subheader, action, flush = false, children }: TitledCardProps) {
  const id = useId();
  return (
    <Card component="section" aria-labelledby={id}>
      <CardHeader
        title={title}
        subheader={subheader}
        action={action}
        slotProps={{ title: { id, variant: 'h2', component: 'h2' } }}
      />
      {flush ? children : <CardContent sx={{ pt: 0 }}>{children}</CardContent>}
    </Card>
  );
}
