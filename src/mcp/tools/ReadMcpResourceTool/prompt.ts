/** The one-line description of ReadMcpResourceTool. */
export const READ_MCP_RESOURCE_DESCRIPTION = 'Read one resource of a connected MCP server, by server name and URI';

/** The text the model reads for ReadMcpResourceTool. */
export const READ_MCP_RESOURCE_PROMPT = `Reads a resource of a connected MCP server.

- \`server\` (required): the MCP server's name, as ListMcpResourcesTool reports it.
- \`uri\` (required): the resource's URI.
- Text comes back as text and images as images; other binary contents are described (type and size), not shown.`;
