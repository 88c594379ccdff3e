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
    "\n  mutation RegisterPlayer($input: RegisterPlayerInput!) {\n    registerPlayer(input: $input) {\n      player {\n        id\n        name\n      }\n      token\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n": typeof types.RegisterPlayerDocument,
    "\n  query Viewer {\n    viewer {\n      id\n      name\n      stats {\n        gamesPlayed\n        gamesWon\n        gamesFinished\n        gamesInProgress\n      }\n    }\n  }\n": typeof types.ViewerDocument,
    "\n  query LobbyPage {\n    rulePresets {\n      preset\n      startingDice\n      maxPlayers\n      minPlayers\n      wildAces\n      exact\n      palifico\n    }\n    games(status: LOBBY, first: 50) {\n      nodes {\n        ...LobbyGame\n      }\n    }\n    viewer {\n      games(first: 20) {\n        nodes {\n          id\n          name\n          status\n          version\n          seats {\n            position\n          }\n          winner {\n            name\n          }\n          finishedAt\n        }\n      }\n    }\n  }\n": typeof types.LobbyPageDocument,
    "\n  fragment LobbyGame on Game {\n    id\n    name\n    status\n    version\n    maxPlayers\n    createdAt\n    turnSeconds\n    rules {\n      preset\n      startingDice\n    }\n    host {\n      id\n      name\n    }\n    seats {\n      position\n      player {\n        id\n        name\n      }\n    }\n    viewerSeat {\n      position\n    }\n  }\n": typeof types.LobbyGameFragmentDoc,
    "\n  subscription LobbyEvents {\n    lobbyEvents {\n      ...LobbyGame\n    }\n  }\n": typeof types.LobbyEventsDocument,
    "\n  fragment Table on Game {\n    id\n    name\n    status\n    version\n    rematch {\n      id\n    }\n    inviteCode\n    rollOff {\n      attempt\n      value\n      seat {\n        position\n        player {\n          name\n        }\n      }\n    }\n    lastEventSeq\n    maxPlayers\n    turnSeconds\n    turnDeadline\n    rules {\n      preset\n      startingDice\n      wildAces\n      exact\n      exactCaller\n      palifico\n    }\n    host {\n      id\n      name\n    }\n    winner {\n      id\n      name\n    }\n    viewerSeat {\n      position\n    }\n    turn {\n      position\n    }\n    seats {\n      position\n      diceCount\n      dice\n      eliminated\n      left\n      player {\n        id\n        name\n        isBot\n        botLevel\n      }\n    }\n    currentRound {\n      number\n      palifico\n      palificoSeat {\n        position\n      }\n      bids {\n        seq\n        quantity\n        face\n        timedOut\n        seat {\n          position\n          player {\n            name\n          }\n        }\n      }\n    }\n    legalActions {\n      canBid\n      canDudo\n      canExact\n      minBids {\n        face\n        minQuantity\n        probability\n      }\n      standingBidOdds {\n        atLeast\n        exactly\n      }\n    }\n  }\n": typeof types.TableFragmentDoc,
    "\n  query GameTable($id: ID!) {\n    game(id: $id) {\n      ...Table\n    }\n  }\n": typeof types.GameTableDocument,
    "\n  subscription GameEvents($gameId: ID!, $afterSeq: Int) {\n    gameEvents(gameId: $gameId, afterSeq: $afterSeq) {\n      seq\n      type\n      at\n      seat {\n        position\n        player {\n          name\n        }\n      }\n      round {\n        ...RoundResult\n      }\n      game {\n        ...Table\n      }\n    }\n  }\n": typeof types.GameEventsDocument,
    "\n  fragment RoundResult on Round {\n    number\n    voided\n    palifico\n    starter {\n      position\n    }\n    bids {\n      quantity\n      face\n      seat {\n        position\n        player {\n          name\n        }\n      }\n    }\n    outcome {\n      kind\n      actualCount\n      bid {\n        quantity\n        face\n        seat {\n          player {\n            name\n          }\n        }\n      }\n      caller {\n        player {\n          name\n        }\n      }\n      loser {\n        player {\n          name\n        }\n      }\n      gainer {\n        player {\n          name\n        }\n      }\n    }\n    reveal {\n      seat {\n        position\n        player {\n          name\n        }\n      }\n      dice\n    }\n  }\n": typeof types.RoundResultFragmentDoc,
    "\n  query GameHistory($id: ID!, $after: String) {\n    game(id: $id) {\n      id\n      name\n      status\n      startedAt\n      finishedAt\n      winner {\n        name\n      }\n      seats {\n        position\n        player {\n          name\n        }\n      }\n      rounds(first: 100, after: $after) {\n        nodes {\n          ...RoundResult\n        }\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n      }\n    }\n  }\n": typeof types.GameHistoryDocument,
    "\n  mutation CreateGame($input: CreateGameInput!) {\n    createGame(input: $input) {\n      game {\n        id\n      }\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n": typeof types.CreateGameDocument,
    "\n  mutation QuickPlay($input: QuickPlayInput!) {\n    quickPlay(input: $input) {\n      game {\n        id\n      }\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n": typeof types.QuickPlayDocument,
    "\n  mutation Rematch($input: GameInput!) {\n    rematch(input: $input) {\n      game {\n        id\n      }\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n": typeof types.RematchDocument,
    "\n  mutation KickPlayer($input: SeatInput!) {\n    kickPlayer(input: $input) {\n      game {\n        ...Table\n      }\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n": typeof types.KickPlayerDocument,
    "\n  mutation TransferHost($input: SeatInput!) {\n    transferHost(input: $input) {\n      game {\n        ...Table\n      }\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n": typeof types.TransferHostDocument,
    "\n  mutation JoinGame($input: GameInput!) {\n    joinGame(input: $input) {\n      game {\n        ...Table\n      }\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n": typeof types.JoinGameDocument,
    "\n  mutation StartGame($input: GameInput!) {\n    startGame(input: $input) {\n      game {\n        ...Table\n      }\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n": typeof types.StartGameDocument,
    "\n  mutation LeaveGame($input: GameInput!) {\n    leaveGame(input: $input) {\n      game {\n        ...Table\n      }\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n": typeof types.LeaveGameDocument,
    "\n  mutation PlaceBid($input: PlaceBidInput!) {\n    placeBid(input: $input) {\n      game {\n        ...Table\n      }\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n": typeof types.PlaceBidDocument,
    "\n  mutation CallDudo($input: GameActionInput!) {\n    callDudo(input: $input) {\n      game {\n        ...Table\n      }\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n": typeof types.CallDudoDocument,
    "\n  mutation CallExact($input: GameActionInput!) {\n    callExact(input: $input) {\n      game {\n        ...Table\n      }\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n": typeof types.CallExactDocument,
    "\n  mutation AddBot($input: AddBotInput!) {\n    addBot(input: $input) {\n      game {\n        ...Table\n      }\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n": typeof types.AddBotDocument,
    "\n  mutation RemoveBot($input: RemoveBotInput!) {\n    removeBot(input: $input) {\n      game {\n        ...Table\n      }\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n": typeof types.RemoveBotDocument,
    "\n  fragment ChatMessageFields on ChatMessage {\n    id\n    seq\n    text\n    emote\n    at\n    author {\n      id\n      name\n    }\n  }\n": typeof types.ChatMessageFieldsFragmentDoc,
    "\n  subscription GameChat($gameId: ID!, $afterSeq: Int) {\n    gameChat(gameId: $gameId, afterSeq: $afterSeq) {\n      ...ChatMessageFields\n    }\n  }\n": typeof types.GameChatDocument,
    "\n  mutation SendChatMessage($input: ChatMessageInput!) {\n    sendChatMessage(input: $input) {\n      message {\n        ...ChatMessageFields\n      }\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n": typeof types.SendChatMessageDocument,
    "\n  mutation MutePlayer($input: MutePlayerInput!) {\n    mutePlayer(input: $input) {\n      muted\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n": typeof types.MutePlayerDocument,
};
const documents: Documents = {
    "\n  mutation RegisterPlayer($input: RegisterPlayerInput!) {\n    registerPlayer(input: $input) {\n      player {\n        id\n        name\n      }\n      token\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n": types.RegisterPlayerDocument,
    "\n  query Viewer {\n    viewer {\n      id\n      name\n      stats {\n        gamesPlayed\n        gamesWon\n        gamesFinished\n        gamesInProgress\n      }\n    }\n  }\n": types.ViewerDocument,
    "\n  query LobbyPage {\n    rulePresets {\n      preset\n      startingDice\n      maxPlayers\n      minPlayers\n      wildAces\n      exact\n      palifico\n    }\n    games(status: LOBBY, first: 50) {\n      nodes {\n        ...LobbyGame\n      }\n    }\n    viewer {\n      games(first: 20) {\n        nodes {\n          id\n          name\n          status\n          version\n          seats {\n            position\n          }\n          winner {\n            name\n          }\n          finishedAt\n        }\n      }\n    }\n  }\n": types.LobbyPageDocument,
    "\n  fragment LobbyGame on Game {\n    id\n    name\n    status\n    version\n    maxPlayers\n    createdAt\n    turnSeconds\n    rules {\n      preset\n      startingDice\n    }\n    host {\n      id\n      name\n    }\n    seats {\n      position\n      player {\n        id\n        name\n      }\n    }\n    viewerSeat {\n      position\n    }\n  }\n": types.LobbyGameFragmentDoc,
    "\n  subscription LobbyEvents {\n    lobbyEvents {\n      ...LobbyGame\n    }\n  }\n": types.LobbyEventsDocument,
    "\n  fragment Table on Game {\n    id\n    name\n    status\n    version\n    rematch {\n      id\n    }\n    inviteCode\n    rollOff {\n      attempt\n      value\n      seat {\n        position\n        player {\n          name\n        }\n      }\n    }\n    lastEventSeq\n    maxPlayers\n    turnSeconds\n    turnDeadline\n    rules {\n      preset\n      startingDice\n      wildAces\n      exact\n      exactCaller\n      palifico\n    }\n    host {\n      id\n      name\n    }\n    winner {\n      id\n      name\n    }\n    viewerSeat {\n      position\n    }\n    turn {\n      position\n    }\n    seats {\n      position\n      diceCount\n      dice\n      eliminated\n      left\n      player {\n        id\n        name\n        isBot\n        botLevel\n      }\n    }\n    currentRound {\n      number\n      palifico\n      palificoSeat {\n        position\n      }\n      bids {\n        seq\n        quantity\n        face\n        timedOut\n        seat {\n          position\n          player {\n            name\n          }\n        }\n      }\n    }\n    legalActions {\n      canBid\n      canDudo\n      canExact\n      minBids {\n        face\n        minQuantity\n        probability\n      }\n      standingBidOdds {\n        atLeast\n        exactly\n      }\n    }\n  }\n": types.TableFragmentDoc,
    "\n  query GameTable($id: ID!) {\n    game(id: $id) {\n      ...Table\n    }\n  }\n": types.GameTableDocument,
    "\n  subscription GameEvents($gameId: ID!, $afterSeq: Int) {\n    gameEvents(gameId: $gameId, afterSeq: $afterSeq) {\n      seq\n      type\n      at\n      seat {\n        position\n        player {\n          name\n        }\n      }\n      round {\n        ...RoundResult\n      }\n      game {\n        ...Table\n      }\n    }\n  }\n": types.GameEventsDocument,
    "\n  fragment RoundResult on Round {\n    number\n    voided\n    palifico\n    starter {\n      position\n    }\n    bids {\n      quantity\n      face\n      seat {\n        position\n        player {\n          name\n        }\n      }\n    }\n    outcome {\n      kind\n      actualCount\n      bid {\n        quantity\n        face\n        seat {\n          player {\n            name\n          }\n        }\n      }\n      caller {\n        player {\n          name\n        }\n      }\n      loser {\n        player {\n          name\n        }\n      }\n      gainer {\n        player {\n          name\n        }\n      }\n    }\n    reveal {\n      seat {\n        position\n        player {\n          name\n        }\n      }\n      dice\n    }\n  }\n": types.RoundResultFragmentDoc,
    "\n  query GameHistory($id: ID!, $after: String) {\n    game(id: $id) {\n      id\n      name\n      status\n      startedAt\n      finishedAt\n      winner {\n        name\n      }\n      seats {\n        position\n        player {\n          name\n        }\n      }\n      rounds(first: 100, after: $after) {\n        nodes {\n          ...RoundResult\n        }\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n      }\n    }\n  }\n": types.GameHistoryDocument,
    "\n  mutation CreateGame($input: CreateGameInput!) {\n    createGame(input: $input) {\n      game {\n        id\n      }\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n": types.CreateGameDocument,
    "\n  mutation QuickPlay($input: QuickPlayInput!) {\n    quickPlay(input: $input) {\n      game {\n        id\n      }\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n": types.QuickPlayDocument,
    "\n  mutation Rematch($input: GameInput!) {\n    rematch(input: $input) {\n      game {\n        id\n      }\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n": types.RematchDocument,
    "\n  mutation KickPlayer($input: SeatInput!) {\n    kickPlayer(input: $input) {\n      game {\n        ...Table\n      }\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n": types.KickPlayerDocument,
    "\n  mutation TransferHost($input: SeatInput!) {\n    transferHost(input: $input) {\n      game {\n        ...Table\n      }\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n": types.TransferHostDocument,
    "\n  mutation JoinGame($input: GameInput!) {\n    joinGame(input: $input) {\n      game {\n        ...Table\n      }\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n": types.JoinGameDocument,
    "\n  mutation StartGame($input: GameInput!) {\n    startGame(input: $input) {\n      game {\n        ...Table\n      }\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n": types.StartGameDocument,
    "\n  mutation LeaveGame($input: GameInput!) {\n    leaveGame(input: $input) {\n      game {\n        ...Table\n      }\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n": types.LeaveGameDocument,
    "\n  mutation PlaceBid($input: PlaceBidInput!) {\n    placeBid(input: $input) {\n      game {\n        ...Table\n      }\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n": types.PlaceBidDocument,
    "\n  mutation CallDudo($input: GameActionInput!) {\n    callDudo(input: $input) {\n      game {\n        ...Table\n      }\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n": types.CallDudoDocument,
    "\n  mutation CallExact($input: GameActionInput!) {\n    callExact(input: $input) {\n      game {\n        ...Table\n      }\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n": types.CallExactDocument,
    "\n  mutation AddBot($input: AddBotInput!) {\n    addBot(input: $input) {\n      game {\n        ...Table\n      }\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n": types.AddBotDocument,
    "\n  mutation RemoveBot($input: RemoveBotInput!) {\n    removeBot(input: $input) {\n      game {\n        ...Table\n      }\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n": types.RemoveBotDocument,
    "\n  fragment ChatMessageFields on ChatMessage {\n    id\n    seq\n    text\n    emote\n    at\n    author {\n      id\n      name\n    }\n  }\n": types.ChatMessageFieldsFragmentDoc,
    "\n  subscription GameChat($gameId: ID!, $afterSeq: Int) {\n    gameChat(gameId: $gameId, afterSeq: $afterSeq) {\n      ...ChatMessageFields\n    }\n  }\n": types.GameChatDocument,
    "\n  mutation SendChatMessage($input: ChatMessageInput!) {\n    sendChatMessage(input: $input) {\n      message {\n        ...ChatMessageFields\n      }\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n": types.SendChatMessageDocument,
    "\n  mutation MutePlayer($input: MutePlayerInput!) {\n    mutePlayer(input: $input) {\n      muted\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n": types.MutePlayerDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RegisterPlayer($input: RegisterPlayerInput!) {\n    registerPlayer(input: $input) {\n      player {\n        id\n        name\n      }\n      token\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n"): typeof import('./graphql').RegisterPlayerDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Viewer {\n    viewer {\n      id\n      name\n      stats {\n        gamesPlayed\n        gamesWon\n        gamesFinished\n        gamesInProgress\n      }\n    }\n  }\n"): typeof import('./graphql').ViewerDocument;
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
export function graphql(source: "\n  fragment Table on Game {\n    id\n    name\n    status\n    version\n    rematch {\n      id\n    }\n    inviteCode\n    rollOff {\n      attempt\n      value\n      seat {\n        position\n        player {\n          name\n        }\n      }\n    }\n    lastEventSeq\n    maxPlayers\n    turnSeconds\n    turnDeadline\n    rules {\n      preset\n      startingDice\n      wildAces\n      exact\n      exactCaller\n      palifico\n    }\n    host {\n      id\n      name\n    }\n    winner {\n      id\n      name\n    }\n    viewerSeat {\n      position\n    }\n    turn {\n      position\n    }\n    seats {\n      position\n      diceCount\n      dice\n      eliminated\n      left\n      player {\n        id\n        name\n        isBot\n        botLevel\n      }\n    }\n    currentRound {\n      number\n      palifico\n      palificoSeat {\n        position\n      }\n      bids {\n        seq\n        quantity\n        face\n        timedOut\n        seat {\n          position\n          player {\n            name\n          }\n        }\n      }\n    }\n    legalActions {\n      canBid\n      canDudo\n      canExact\n      minBids {\n        face\n        minQuantity\n        probability\n      }\n      standingBidOdds {\n        atLeast\n        exactly\n      }\n    }\n  }\n"): typeof import('./graphql').TableFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query GameTable($id: ID!) {\n    game(id: $id) {\n      ...Table\n    }\n  }\n"): typeof import('./graphql').GameTableDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription GameEvents($gameId: ID!, $afterSeq: Int) {\n    gameEvents(gameId: $gameId, afterSeq: $afterSeq) {\n      seq\n      type\n      at\n      seat {\n        position\n        player {\n          name\n        }\n      }\n      round {\n        ...RoundResult\n      }\n      game {\n        ...Table\n      }\n    }\n  }\n"): typeof import('./graphql').GameEventsDocument;
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
export function graphql(source: "\n  mutation CreateGame($input: CreateGameInput!) {\n    createGame(input: $input) {\n      game {\n        id\n      }\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n"): typeof import('./graphql').CreateGameDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation QuickPlay($input: QuickPlayInput!) {\n    quickPlay(input: $input) {\n      game {\n        id\n      }\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n"): typeof import('./graphql').QuickPlayDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Rematch($input: GameInput!) {\n    rematch(input: $input) {\n      game {\n        id\n      }\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n"): typeof import('./graphql').RematchDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation KickPlayer($input: SeatInput!) {\n    kickPlayer(input: $input) {\n      game {\n        ...Table\n      }\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n"): typeof import('./graphql').KickPlayerDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TransferHost($input: SeatInput!) {\n    transferHost(input: $input) {\n      game {\n        ...Table\n      }\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n"): typeof import('./graphql').TransferHostDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation JoinGame($input: GameInput!) {\n    joinGame(input: $input) {\n      game {\n        ...Table\n      }\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n"): typeof import('./graphql').JoinGameDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation StartGame($input: GameInput!) {\n    startGame(input: $input) {\n      game {\n        ...Table\n      }\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n"): typeof import('./graphql').StartGameDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation LeaveGame($input: GameInput!) {\n    leaveGame(input: $input) {\n      game {\n        ...Table\n      }\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n"): typeof import('./graphql').LeaveGameDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PlaceBid($input: PlaceBidInput!) {\n    placeBid(input: $input) {\n      game {\n        ...Table\n      }\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n"): typeof import('./graphql').PlaceBidDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CallDudo($input: GameActionInput!) {\n    callDudo(input: $input) {\n      game {\n        ...Table\n      }\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n"): typeof import('./graphql').CallDudoDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CallExact($input: GameActionInput!) {\n    callExact(input: $input) {\n      game {\n        ...Table\n      }\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n"): typeof import('./graphql').CallExactDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AddBot($input: AddBotInput!) {\n    addBot(input: $input) {\n      game {\n        ...Table\n      }\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n"): typeof import('./graphql').AddBotDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RemoveBot($input: RemoveBotInput!) {\n    removeBot(input: $input) {\n      game {\n        ...Table\n      }\n      userErrors {\n        code\n        message\n      }\n    }\n  }\n"): typeof import('./graphql').RemoveBotDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ChatMessageFields on ChatMessage {\n    id\n    seq\n    text\n    emote\n    at\n    author {\n      id\n      name\n    }\n  }\n"): typeof import('./graphql').ChatMessageFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription GameChat($gameId: ID!, $afterSeq: Int) {\n    gameChat(gameId: $gameId, afterSeq: $afterSeq) {\n      ...ChatMessageFields\n    }\n  }\n"): typeof import('./graphql').GameChatDocument;
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
