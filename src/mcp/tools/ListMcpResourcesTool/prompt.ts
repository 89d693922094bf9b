/** The one-line description of ListMcpResourcesTool. */
export const LIST_MCP_RESOURCES_DESCRIPTION = 'List the resources (files, documents, data) that connected MCP servers offer';

/** The text the model reads for ListMcpResourcesTool. */
export const LIST_MCP_RESOURCES_PROMPT = `Lists the resources that connected MCP servers offer. Each resource names its \`server\`, \`uri\`, \`name\` and, when the server says, its \`mimeType\` and \`description\`.

- Without \`server\`: the resources of every server that offers resources.
- With \`server\`: only that server's resources.
- Read one with ReadMcpResourceTool, passing its \`server\` and \`uri\`.`;

/** The result text when no server lists a resource. */
export const NO_RESOURCES_FOUND = 'No resources found. MCP servers may still provide tools even if they have no resources.';
