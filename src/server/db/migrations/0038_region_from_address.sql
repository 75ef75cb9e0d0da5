-- A post without a region (none chosen, none from its coordinates) takes the region its address
-- names as its town ('Kingston Rd, Scarborough' → scarborough), as regionOfAddress does for new
-- and edited posts (src/domain/post-values.ts, docs/decisions/0150): the Scarborough page lists
-- the region, and missed what neighbours typed. post_town (0016, 0027) is townOf in SQL; the labels are
-- REGION_LABELS'.
UPDATE posts SET region = CASE lower(post_town(address))
    WHEN 'muskoka' THEN 'muskoka'
    WHEN 'kawartha lakes' THEN 'kawartha'
    WHEN 'haliburton' THEN 'haliburton'
    WHEN 'scarborough' THEN 'scarborough'
    WHEN 'toronto' THEN 'toronto'
  END::region
WHERE region IS NULL
  AND lower(post_town(address)) IN ('muskoka', 'kawartha lakes', 'haliburton', 'scarborough', 'toronto');
