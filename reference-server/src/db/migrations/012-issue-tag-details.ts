// Issue tags as the official API client lists them: a colour, a description, a parent tag and
// timestamps (tags of an existing database take their project's creation time).
export default {
  version: 12,
  name: 'issue-tag-details',
  sql: `
ALTER TABLE tags ADD COLUMN color TEXT NOT NULL DEFAULT '#6b7280';
ALTER TABLE tags ADD COLUMN description TEXT;
ALTER TABLE tags ADD COLUMN parent_tag_id INTEGER REFERENCES tags(id) ON DELETE SET NULL;
ALTER TABLE tags ADD COLUMN created_at TEXT NOT NULL DEFAULT '';
ALTER TABLE tags ADD COLUMN updated_at TEXT NOT NULL DEFAULT '';
UPDATE tags SET created_at = (SELECT created_at FROM projects WHERE projects.id = tags.project_id),
  updated_at = (SELECT created_at FROM projects WHERE projects.id = tags.project_id);
CREATE INDEX tags_project ON tags (project_id, name);
`,
};
