-- Issue 53: the site's own logos are drawn from WebP files (public/logos/<id>.webp, rasterized from
-- the SVGs beside them by scripts/rasterize-logos.ts): an SVG in an <img> costs the page's main
-- thread a document of its own. Every SVG there has its WebP twin, so the seeded coins (and any
-- coin an operator pointed at one of those files) move over; remote logos are untouched.
UPDATE "Coin" SET "logoUrl" = substr("logoUrl", 1, length("logoUrl") - 4) || '.webp'
WHERE "logoUrl" LIKE '/logos/%.svg';
