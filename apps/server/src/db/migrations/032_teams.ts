import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migrate';

/**
 * Issue 26 part 3: team contests (docs/competitions.md, "Team contests"):
 * - `competitions.team_size`: the most members a team may have (0 = an individual contest);
 * - `competition_teams`: a contest's teams (unique name per contest, the captain, an invite code,
 *   打星 per team);
 * - `competition_team_members`: who is in which team, at most one team per user and contest
 *   (every member is also a row of `competition_participants`, so joins, gates, exams and the
 *   profile's history keep working; the board ranks the teams).
 */
export async function up(db: Kysely<unknown>, { id }: MigrationContext): Promise<void> {
  await db.schema
    .alterTable('competitions')
    .addColumn('team_size', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('competition_teams')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('competition_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('affiliation', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('captain_id', 'integer', (c) => c.notNull())
    .addColumn('invite_code', 'varchar(32)', (c) => c.notNull())
    .addColumn('unofficial', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addUniqueConstraint('competition_teams_name_uq', ['competition_id', 'name'])
    .addUniqueConstraint('competition_teams_code_uq', ['invite_code'])
    .execute();
  await db.schema
    .createTable('competition_team_members')
    .addColumn('team_id', 'integer', (c) => c.notNull())
    .addColumn('competition_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('joined_at', 'varchar(30)', (c) => c.notNull())
    .addUniqueConstraint('competition_team_members_uq', ['competition_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('competition_team_members_team')
    .on('competition_team_members')
    .column('team_id')
    .execute();
}
