-- Archive orders placed from a search by its taskId alone (the web cart's way) stored the search's
-- union as one AOI without a name, so the order centre said "Unnamed AOI" and its search by AOI
-- name found nothing (issue 28 #1). The search keeps its AOIs as the user named them: an order
-- whose one AOI is exactly that union (ST_AsGeoJSON at 7 decimals, as sizing wrote it) gets them
-- back. An order placed with other AOIs (an enlarged one) does not match and keeps its own;
-- orders whose search was purged stay unnamed. Running it again changes nothing.
UPDATE orders o
   SET aois = s.request->'aois'
  FROM archive_searches s
 WHERE s.id = o.task_id
   AND s.user_id = o.user_id
   AND o.kind = 1
   AND NOT o.is_order_by_scene_id
   AND jsonb_typeof(o.aois) = 'array'
   AND jsonb_array_length(o.aois) = 1
   AND o.aois->0->>'name' IS NULL
   AND jsonb_typeof(s.request->'aois') = 'array'
   AND jsonb_array_length(s.request->'aois') > 0
   AND o.aois->0 = ST_AsGeoJSON(s.aoi::geometry, 7)::jsonb;
