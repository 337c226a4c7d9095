-- The refusal cap counts one actor's recent refusals on a site (shared/src/audit, REFUSALS_PER_ACTOR_HOUR): this
-- index answers that count from the actor's newest rows instead of scanning the site's whole log.
CREATE INDEX audit_log_actor ON audit_log(site, actor, action, created_at);
