-- Bulk seed for scripts/bench-kinnect, straight into a migrated Kindred database (not through the
-- API): :accounts users, each approved-following :follows others, and :posts posts of one photo
-- each (a display rendition and a thumbnail in `media`; the files themselves are not written,
-- the feed only signs their URLs). Post dates are spread over the last year.
--
--   psql URL -v accounts=10000 -v follows=200 -v posts=1000000 -f kinnect_seed.sql
--
-- Seeded usernames are seed1 … seedN; they have no password, so nobody signs in as them.
\set ON_ERROR_STOP on
SET client_min_messages = warning;
SET maintenance_work_mem = '256MB';
SELECT setseed(0.42) \g /dev/null

CREATE TEMP TABLE seed_users AS
SELECT n, gen_random_uuid() AS id, now() - interval '400 days' + n * interval '1 second' AS created_at
FROM generate_series(1, :accounts) AS n;
CREATE UNIQUE INDEX ON seed_users (n);

INSERT INTO users (id, email, password_hash, apple_subject, username, display_name, bio, created_at, updated_at, avatar_id, suspended_at)
SELECT id, 'seed' || n || '@example.com', NULL, NULL, 'seed' || n, 'Seed Person ' || n, '', created_at, created_at, NULL, NULL
FROM seed_users;

-- Person n follows the people `stride`, 2·`stride`, … places after them (mod N): :follows distinct
-- others, spread over the whole range, and everyone has :follows followers too.
INSERT INTO kinnect_follows (id, follower_id, followee_id, created_at, approved_at)
SELECT gen_random_uuid(), follower.id, followee.id,
       now() - interval '380 days' + k * interval '1 minute',
       now() - interval '379 days' + k * interval '1 minute'
FROM seed_users AS follower
CROSS JOIN generate_series(1, :follows) AS k
JOIN seed_users AS followee
  ON followee.n = (follower.n - 1 + k * greatest(1, :accounts / (:follows + 1))) % :accounts + 1;

-- Post p belongs to person (p mod N) + 1: every author has posts/N of them.
CREATE TEMP TABLE seed_posts AS
SELECT p, gen_random_uuid() AS id, gen_random_uuid() AS display_id, gen_random_uuid() AS thumbnail_id,
       (p - 1) % :accounts + 1 AS author_n,
       now() - random() * interval '365 days' AS created_at
FROM generate_series(1, :posts) AS p;

INSERT INTO media (id, owner_id, kind, storage_key, byte_count, width, height, created_at)
SELECT m.id, u.id, 'jpeg', lower(u.id::text) || '_' || lower(m.id::text) || '.jpg', m.bytes, m.width, m.height, sp.created_at
FROM seed_posts AS sp
JOIN seed_users AS u ON u.n = sp.author_n
CROSS JOIN LATERAL (VALUES (sp.display_id, 1080, 1350, 310000), (sp.thumbnail_id, 400, 500, 42000)) AS m (id, width, height, bytes);

INSERT INTO kinnect_posts (id, author_id, caption, created_at, edited_at, hidden_at)
SELECT sp.id, u.id, 'Seeded post ' || sp.p, sp.created_at, NULL, NULL
FROM seed_posts AS sp JOIN seed_users AS u ON u.n = sp.author_n;

INSERT INTO kinnect_post_photos (id, post_id, position, display_id, thumbnail_id)
SELECT gen_random_uuid(), id, 0, display_id, thumbnail_id FROM seed_posts;

-- Vacuumed too, so autovacuum does not start on these tables while the benchmark runs.
VACUUM ANALYZE;
SELECT (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM kinnect_follows) AS follows,
       (SELECT count(*) FROM kinnect_posts) AS posts, (SELECT count(*) FROM media) AS media;
