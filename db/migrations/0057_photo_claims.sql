-- A photo URL claimed by the consumer fetching it (issue 30, ADR 0102): until `claimed_until` (an ISO time) no other
-- consumer batch fetches it; theirs wait and take its outcome. The outcome's write clears it, and a consumer that dies
-- holding it only holds it until the lease ends.
ALTER TABLE photos ADD COLUMN claimed_until TEXT;
