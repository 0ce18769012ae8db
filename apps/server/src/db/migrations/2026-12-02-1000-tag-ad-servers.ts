import { type AnyDb, addColumns, dropColumns } from './helpers';

const AD_TAGS_COLUMNS = [['ad_server', 'text', 'gam']] as const;

/**
 * A tag knows the ad server it is pasted into: its snippets carry that ad
 * server's macros and its click tracker is joined to that ad server's click URL as it reads it.
 * Tags made before were written for Google Ad Manager.
 */
export async function up(db: AnyDb): Promise<void> {
  await addColumns(db, 'ad_tags', AD_TAGS_COLUMNS);
}

export async function down(db: AnyDb): Promise<void> {
  await dropColumns(db, 'ad_tags', AD_TAGS_COLUMNS);
}
