/* eslint-disable */
import * as types from './graphql';



/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  query LobbyPage {\n    rulePresets {\n      preset\n      startingDice\n      maxPlayers\n      minPlayers\n      wildAces\n      exact\n      palifico\n    }\n    games(status: LOBBY, first: 50) {\n      nodes {\n        ...LobbyGame\n      }\n    }\n    viewer {\n      games(first: 20) {\n        nodes {\n          id\n          name\n          status\n          version\n          seats {\n            position\n          }\n          winner {\n            name\n          }\n          finishedAt\n        }\n      }\n    }\n  }\n": typeof types.LobbyPageDocument,
    "\n  fragment LobbyGame on Game {\n    id\n    name\n    status\n    version\n    maxPlayers\n    createdAt\n    turnSeconds\n    rules {\n      preset\n      startingDice\n    }\n    host {\n      id\n      name\n    }\n    seats {\n      position\n      player {\n        id\n        name\n      }\n    }\n    viewerSeat {\n      position\n    }\n  }\n": typeof types.LobbyGameFragmentDoc,
    "\n  subscription LobbyEvents {\n    lobbyEvents {\n      ...LobbyGame\n    }\n  }\n": typeof types.LobbyEventsDocument,
    "\n  fragment RoundResult on Round {\n    number\n    voided\n    palifico\n    starter {\n      position\n    }\n    bids {\n      quantity\n      face\n      seat {\n        position\n        player {\n          name\n        }\n      }\n    }\n    outcome {\n      kind\n      actualCount\n      bid {\n        quantity\n        face\n        seat {\n          player {\n            name\n          }\n        }\n      }\n      caller {\n        player {\n          name\n        }\n      }\n      loser {\n        player {\n          name\n        }\n      }\n      gainer {\n        player {\n          name\n        }\n      }\n    }\n    reveal {\n      seat {\n        position\n        player {\n          name\n        }\n      }\n      dice\n    }\n  }\n": typeof types.RoundResultFragmentDoc,
    "\n  query GameHistory($id: ID!, $after: String) {\n    game(id: $id) {\n      id\n      name\n      status\n      startedAt\n      finishedAt\n      winner {\n        name\n      }\n      seats {\n        position\n        player {\n          name\n        }\n      }\n      rounds(first: 100, after: $after) {\n        nodes {\n          ...RoundResult\n        }\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n      }\n    }\n  }\n": typeof types.GameHistoryDocument,
    "\n  fragment ChatMessageFields on ChatMessage {\n    id\n    seq\n    text\n    emote\n    at\n    author {\n      id\n      name\n    }\n  }\n": typeof types.ChatMessageFieldsFragmentDoc,
    "\n  mutation SendChatMessage($input: ChatMessageInput!) {\n    sendChatMessage(input: $input) {\n      message {\n        ...ChatMessageFields\n      }\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n": typeof types.SendChatMessageDocument,
    "\n  mutation MutePlayer($input: MutePlayerInput!) {\n    mutePlayer(input: $input) {\n      muted\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n": typeof types.MutePlayerDocument,
};
const documents: Documents = {
    "\n  query LobbyPage {\n    rulePresets {\n      preset\n      startingDice\n      maxPlayers\n      minPlayers\n      wildAces\n      exact\n      palifico\n    }\n    games(status: LOBBY, first: 50) {\n      nodes {\n        ...LobbyGame\n      }\n    }\n    viewer {\n      games(first: 20) {\n        nodes {\n          id\n          name\n          status\n          version\n          seats {\n            position\n          }\n          winner {\n            name\n          }\n          finishedAt\n        }\n      }\n    }\n  }\n": types.LobbyPageDocument,
    "\n  fragment LobbyGame on Game {\n    id\n    name\n    status\n    version\n    maxPlayers\n    createdAt\n    turnSeconds\n    rules {\n      preset\n      startingDice\n    }\n    host {\n      id\n      name\n    }\n    seats {\n      position\n      player {\n        id\n        name\n      }\n    }\n    viewerSeat {\n      position\n    }\n  }\n": types.LobbyGameFragmentDoc,
    "\n  subscription LobbyEvents {\n    lobbyEvents {\n      ...LobbyGame\n    }\n  }\n": types.LobbyEventsDocument,
    "\n  fragment RoundResult on Round {\n    number\n    voided\n    palifico\n    starter {\n      position\n    }\n    bids {\n      quantity\n      face\n      seat {\n        position\n        player {\n          name\n        }\n      }\n    }\n    outcome {\n      kind\n      actualCount\n      bid {\n        quantity\n        face\n        seat {\n          player {\n            name\n          }\n        }\n      }\n      caller {\n        player {\n          name\n        }\n      }\n      loser {\n        player {\n          name\n        }\n      }\n      gainer {\n        player {\n          name\n        }\n      }\n    }\n    reveal {\n      seat {\n        position\n        player {\n          name\n        }\n      }\n      dice\n    }\n  }\n": types.RoundResultFragmentDoc,
    "\n  query GameHistory($id: ID!, $after: String) {\n    game(id: $id) {\n      id\n      name\n      status\n      startedAt\n      finishedAt\n      winner {\n        name\n      }\n      seats {\n        position\n        player {\n          name\n        }\n      }\n      rounds(first: 100, after: $after) {\n        nodes {\n          ...RoundResult\n        }\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n      }\n    }\n  }\n": types.GameHistoryDocument,
    "\n  fragment ChatMessageFields on ChatMessage {\n    id\n    seq\n    text\n    emote\n    at\n    author {\n      id\n      name\n    }\n  }\n": types.ChatMessageFieldsFragmentDoc,
    "\n  mutation SendChatMessage($input: ChatMessageInput!) {\n    sendChatMessage(input: $input) {\n      message {\n        ...ChatMessageFields\n      }\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n": types.SendChatMessageDocument,
    "\n  mutation MutePlayer($input: MutePlayerInput!) {\n    mutePlayer(input: $input) {\n      muted\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n": types.MutePlayerDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query LobbyPage {\n    rulePresets {\n      preset\n      startingDice\n      maxPlayers\n      minPlayers\n      wildAces\n      exact\n      palifico\n    }\n    games(status: LOBBY, first: 50) {\n      nodes {\n        ...LobbyGame\n      }\n    }\n    viewer {\n      games(first: 20) {\n        nodes {\n          id\n          name\n          status\n          version\n          seats {\n            position\n          }\n          winner {\n            name\n          }\n          finishedAt\n        }\n      }\n    }\n  }\n"): typeof import('./graphql').LobbyPageDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment LobbyGame on Game {\n    id\n    name\n    status\n    version\n    maxPlayers\n    createdAt\n    turnSeconds\n    rules {\n      preset\n      startingDice\n    }\n    host {\n      id\n      name\n    }\n    seats {\n      position\n      player {\n        id\n        name\n      }\n    }\n    viewerSeat {\n      position\n    }\n  }\n"): typeof import('./graphql').LobbyGameFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription LobbyEvents {\n    lobbyEvents {\n      ...LobbyGame\n    }\n  }\n"): typeof import('./graphql').LobbyEventsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment RoundResult on Round {\n    number\n    voided\n    palifico\n    starter {\n      position\n    }\n    bids {\n      quantity\n      face\n      seat {\n        position\n        player {\n          name\n        }\n      }\n    }\n    outcome {\n      kind\n      actualCount\n      bid {\n        quantity\n        face\n        seat {\n          player {\n            name\n          }\n        }\n      }\n      caller {\n        player {\n          name\n        }\n      }\n      loser {\n        player {\n          name\n        }\n      }\n      gainer {\n        player {\n          name\n        }\n      }\n    }\n    reveal {\n      seat {\n        position\n        player {\n          name\n        }\n      }\n      dice\n    }\n  }\n"): typeof import('./graphql').RoundResultFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query GameHistory($id: ID!, $after: String) {\n    game(id: $id) {\n      id\n      name\n      status\n      startedAt\n      finishedAt\n      winner {\n        name\n      }\n      seats {\n        position\n        player {\n          name\n        }\n      }\n      rounds(first: 100, after: $after) {\n        nodes {\n          ...RoundResult\n        }\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n      }\n    }\n  }\n"): typeof import('./graphql').GameHistoryDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ChatMessageFields on ChatMessage {\n    id\n    seq\n    text\n    emote\n    at\n    author {\n      id\n      name\n    }\n  }\n"): typeof import('./graphql').ChatMessageFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SendChatMessage($input: ChatMessageInput!) {\n    sendChatMessage(input: $input) {\n      message {\n        ...ChatMessageFields\n      }\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n"): typeof import('./graphql').SendChatMessageDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation MutePlayer($input: MutePlayerInput!) {\n    mutePlayer(input: $input) {\n      muted\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n"): typeof import('./graphql').MutePlayerDocument;


export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}
