-- Bulk seed for scripts/bench-rin-score, straight into a migrated Kindred database (not through
-- the API): :people Rin people, each with a primary profile and settings (a third show how they
-- connect people), and the links read from standard input (rin_score_graph.py's edges.csv,
-- "a,b,card", people numbered from 1) as the books hold them: a card link is one contact in a's book linked to b by
-- the card b shared; any other link is two contacts, each person holding the other. Links were
-- made over the last 200 days, so a run's 90-day window sees old and new ones.
--
--   psql URL -v people=100000 -f rin_score_seed.sql < edges.csv
--
-- People rinscore1 … rinscoreK may already exist, signed up through the API with a primary
-- profile (the benchmark signs in as them); they take the place of seeded person 1 … K. The rest
-- have no password, so nobody signs in as them.
\set ON_ERROR_STOP on
SET client_min_messages = warning;
SET maintenance_work_mem = '512MB';
SELECT setseed(0.7) \g /dev/null

CREATE TEMP TABLE seed_people AS
SELECT n, coalesce(u.id, gen_random_uuid()) AS id, p.id AS existing_profile,
       now() - interval '400 days' + n * interval '1 second' AS created_at
FROM generate_series(1, :people) AS n
LEFT JOIN users AS u ON u.username = 'rinscore' || n
LEFT JOIN rin_profiles AS p ON p.primary_user_id = u.id;
ALTER TABLE seed_people ADD COLUMN profile uuid;
UPDATE seed_people SET profile = coalesce(existing_profile, gen_random_uuid());
CREATE UNIQUE INDEX ON seed_people (n);

INSERT INTO users (id, email, password_hash, apple_subject, username, display_name, bio, created_at, updated_at, avatar_id, suspended_at)
SELECT id, 'rinscore' || n || '@example.com', NULL, NULL, 'rinscore' || n, 'Rin Person ' || n, '', created_at, created_at, NULL, NULL
FROM seed_people WHERE existing_profile IS NULL
ON CONFLICT (id) DO NOTHING;

INSERT INTO rin_profiles (id, user_id, primary_user_id, kind, display_name, bio, photo_id, discoverable, created_at, search_name)
SELECT profile, id, id, 'primary', 'Rin Person ' || n, '', NULL, false, created_at, 'rin person ' || n
FROM seed_people WHERE existing_profile IS NULL;

INSERT INTO rin_settings (id, user_id, default_region, created_at, onboarded_at, shows_connections, security_seen_at)
SELECT gen_random_uuid(), id, 'US', created_at, created_at, n % 3 = 0, NULL FROM seed_people
ON CONFLICT (user_id) DO UPDATE SET shows_connections = excluded.shows_connections;

CREATE TEMP TABLE seed_edges (a int NOT NULL, b int NOT NULL, card int NOT NULL);
\copy seed_edges (a, b, card) FROM pstdin WITH (FORMAT csv)

-- Each holding: who holds whom, how, and when. A link's two holdings are a few days apart.
CREATE TEMP TABLE seed_holdings AS
SELECT a AS holder, b AS held, card = 1 AS by_card, now() - random() * interval '200 days' AS at FROM seed_edges
UNION ALL
SELECT b, a, false, now() - random() * interval '200 days' FROM seed_edges WHERE card = 0;

INSERT INTO rin_contacts (id, profile_id, given_name, family_name, middle_name, name_prefix, name_suffix, display_name, nickname,
                          organization, title, birthday, note, photo_id, favourite, linked_profile_id, merged_into, sort_key,
                          search_text, created_at, updated_at, edited_at, linked_via, linked_at)
SELECT gen_random_uuid(), holder.profile, 'Rin', 'Person ' || held.n, NULL, NULL, NULL, 'Rin Person ' || held.n, NULL,
       NULL, NULL, NULL, NULL, NULL, false, held.profile, NULL, 'person ' || lpad(held.n::text, 7, '0') || ' rin',
       'rin person ' || held.n, h.at, h.at, NULL, CASE WHEN h.by_card THEN 'card' ELSE 'username' END, h.at
FROM seed_holdings AS h
JOIN seed_people AS holder ON holder.n = h.holder
JOIN seed_people AS held ON held.n = h.held;

VACUUM ANALYZE users;
VACUUM ANALYZE rin_profiles;
VACUUM ANALYZE rin_settings;
VACUUM ANALYZE rin_contacts;
