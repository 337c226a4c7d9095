-- One just-arrived label (issue 33, ADR 0062): the car page's banner reads labels.justArrivedLabel, the card's tag, so
-- the retired labels.tagBanner ('New Arrival' beside a card's 'Just Arrived') leaves every stored configuration.
UPDATE sites SET config = json_remove(config, '$.labels.tagBanner') WHERE json_extract(config, '$.labels.tagBanner') IS NOT NULL;
UPDATE site_config_versions SET config = json_remove(config, '$.labels.tagBanner') WHERE json_extract(config, '$.labels.tagBanner') IS NOT NULL;
UPDATE site_config_drafts SET config = json_remove(config, '$.labels.tagBanner') WHERE json_extract(config, '$.labels.tagBanner') IS NOT NULL;
