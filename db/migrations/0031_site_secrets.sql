-- Secret slots (issue 36, ADR 0056): a site's provider secrets, each sealed with the platform key (AES-GCM, the
-- site and slot name authenticated with it, shared/src/secrets). Settings name a slot; no value is ever shown back.
CREATE TABLE site_secrets (
  site TEXT NOT NULL REFERENCES sites(slug) ON DELETE CASCADE,
  name TEXT NOT NULL,
  iv TEXT NOT NULL,
  ciphertext TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  updated_by TEXT NOT NULL,
  PRIMARY KEY (site, name)
);

-- Settings no longer name Worker env variables (apiKeyEnv, secretKeyEnv, webhookSecretEnv) or hold a key
-- (reviews.placesApiKey, which every page's HTML carried): each becomes a slot of the site's own, named after the
-- variable (STRIPE_SECRET_KEY_HARBOUR -> stripe-secret-key-harbour) or places-api-key. The values stay behind: the
-- operator stores each slot with `npm run site -- secret` (a Places key that was public should be replaced at Google).
-- Every stored override is renamed, the published one, every version (rollbacks) and every draft.

UPDATE sites SET config = (
  WITH RECURSIVE
    retired(n, fullkey, path, key, value, type) AS (
      SELECT row_number() OVER (), fullkey, path, key, value, type FROM json_tree(sites.config) WHERE key IN ('apiKeyEnv', 'secretKeyEnv', 'webhookSecretEnv', 'placesApiKey')
    ),
    renamed(i, doc) AS (
      SELECT 0, sites.config
      UNION ALL
      SELECT i + 1, json_remove(json_set(doc,
          retired.path || '.' || CASE retired.key WHEN 'apiKeyEnv' THEN 'apiKeySlot' WHEN 'secretKeyEnv' THEN 'secretKeySlot' WHEN 'webhookSecretEnv' THEN 'webhookSecretSlot' ELSE 'placesApiKeySlot' END,
          CASE WHEN retired.type = 'null' THEN NULL WHEN retired.key = 'placesApiKey' THEN 'places-api-key' ELSE lower(replace(retired.value, '_', '-')) END),
        retired.fullkey)
      FROM renamed JOIN retired ON retired.n = renamed.i + 1
    )
  SELECT doc FROM renamed ORDER BY i DESC LIMIT 1
) WHERE EXISTS (SELECT 1 FROM json_tree(sites.config) WHERE key IN ('apiKeyEnv', 'secretKeyEnv', 'webhookSecretEnv', 'placesApiKey'));

UPDATE site_config_versions SET config = (
  WITH RECURSIVE
    retired(n, fullkey, path, key, value, type) AS (
      SELECT row_number() OVER (), fullkey, path, key, value, type FROM json_tree(site_config_versions.config) WHERE key IN ('apiKeyEnv', 'secretKeyEnv', 'webhookSecretEnv', 'placesApiKey')
    ),
    renamed(i, doc) AS (
      SELECT 0, site_config_versions.config
      UNION ALL
      SELECT i + 1, json_remove(json_set(doc,
          retired.path || '.' || CASE retired.key WHEN 'apiKeyEnv' THEN 'apiKeySlot' WHEN 'secretKeyEnv' THEN 'secretKeySlot' WHEN 'webhookSecretEnv' THEN 'webhookSecretSlot' ELSE 'placesApiKeySlot' END,
          CASE WHEN retired.type = 'null' THEN NULL WHEN retired.key = 'placesApiKey' THEN 'places-api-key' ELSE lower(replace(retired.value, '_', '-')) END),
        retired.fullkey)
      FROM renamed JOIN retired ON retired.n = renamed.i + 1
    )
  SELECT doc FROM renamed ORDER BY i DESC LIMIT 1
) WHERE EXISTS (SELECT 1 FROM json_tree(site_config_versions.config) WHERE key IN ('apiKeyEnv', 'secretKeyEnv', 'webhookSecretEnv', 'placesApiKey'));

UPDATE site_config_drafts SET config = (
  WITH RECURSIVE
    retired(n, fullkey, path, key, value, type) AS (
      SELECT row_number() OVER (), fullkey, path, key, value, type FROM json_tree(site_config_drafts.config) WHERE key IN ('apiKeyEnv', 'secretKeyEnv', 'webhookSecretEnv', 'placesApiKey')
    ),
    renamed(i, doc) AS (
      SELECT 0, site_config_drafts.config
      UNION ALL
      SELECT i + 1, json_remove(json_set(doc,
          retired.path || '.' || CASE retired.key WHEN 'apiKeyEnv' THEN 'apiKeySlot' WHEN 'secretKeyEnv' THEN 'secretKeySlot' WHEN 'webhookSecretEnv' THEN 'webhookSecretSlot' ELSE 'placesApiKeySlot' END,
          CASE WHEN retired.type = 'null' THEN NULL WHEN retired.key = 'placesApiKey' THEN 'places-api-key' ELSE lower(replace(retired.value, '_', '-')) END),
        retired.fullkey)
      FROM renamed JOIN retired ON retired.n = renamed.i + 1
    )
  SELECT doc FROM renamed ORDER BY i DESC LIMIT 1
) WHERE EXISTS (SELECT 1 FROM json_tree(site_config_drafts.config) WHERE key IN ('apiKeyEnv', 'secretKeyEnv', 'webhookSecretEnv', 'placesApiKey'));
