-- Hand-written (qx_*): preset names are unique in a team, whatever their case.
CREATE UNIQUE INDEX "qx_link_presets_team_name" ON "link_presets"("team_id", lower("name"));
