-- Tasking predictions (issue 13): every prediction of POST /tasking/predictions is kept under the
-- id the server gave it (the answer's taskId), so that a tasking price or order refers to the
-- passes the customer was shown, not to a new prediction made later from other elements.
CREATE TABLE tasking_predictions (
  task_id     uuid PRIMARY KEY,
  user_id     integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- the request as the schema accepted it (TaskingPredictionRequest)
  request     jsonb NOT NULL,
  -- the answer as sent (TaskingPrediction, its taskId included)
  prediction  jsonb NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX tasking_predictions_user_idx ON tasking_predictions (user_id, created_at);
