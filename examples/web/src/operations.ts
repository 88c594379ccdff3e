// The operations the client sends that @perudo/client does not have (in this shape), typed by GraphQL Code
// Generator from the server's schema. Games, moves and their streams are the package's.
import { graphql } from './gql';

export const LobbyPage = graphql(`
  query LobbyPage {
    rulePresets {
      preset
      startingDice
      maxPlayers
      minPlayers
      wildAces
      exact
      palifico
    }
    games(status: LOBBY, first: 50) {
      nodes {
        ...LobbyGame
      }
    }
    viewer {
      games(first: 20) {
        nodes {
          id
          name
          status
          version
          seats {
            position
          }
          winner {
            name
          }
          finishedAt
        }
      }
    }
  }
`);

export const LobbyGameFragment = graphql(`
  fragment LobbyGame on Game {
    id
    name
    status
    version
    maxPlayers
    createdAt
    turnSeconds
    rules {
      preset
      startingDice
    }
    host {
      id
      name
    }
    seats {
      position
      player {
        id
        name
      }
    }
    viewerSeat {
      position
    }
  }
`);

export const LobbyEvents = graphql(`
  subscription LobbyEvents {
    lobbyEvents {
      ...LobbyGame
    }
  }
`);

export const RoundResultFragment = graphql(`
  fragment RoundResult on Round {
    number
    voided
    palifico
    starter {
      position
    }
    bids {
      quantity
      face
      seat {
        position
        player {
          name
        }
      }
    }
    outcome {
      kind
      actualCount
      bid {
        quantity
        face
        seat {
          player {
            name
          }
        }
      }
      caller {
        player {
          name
        }
      }
      loser {
        player {
          name
        }
      }
      gainer {
        player {
          name
        }
      }
    }
    reveal {
      seat {
        position
        player {
          name
        }
      }
      dice
    }
  }
`);

export const GameHistory = graphql(`
  query GameHistory($id: ID!, $after: String) {
    game(id: $id) {
      id
      name
      status
      startedAt
      finishedAt
      winner {
        name
      }
      seats {
        position
        player {
          name
        }
      }
      rounds(first: 100, after: $after) {
        nodes {
          ...RoundResult
        }
        pageInfo {
          hasNextPage
          endCursor
        }
      }
    }
  }
`);

export const ChatMessageFields = graphql(`
  fragment ChatMessageFields on ChatMessage {
    id
    seq
    text
    emote
    at
    author {
      id
      name
    }
  }
`);

export const SendChatMessage = graphql(`
  mutation SendChatMessage($input: ChatMessageInput!) {
    sendChatMessage(input: $input) {
      message {
        ...ChatMessageFields
      }
      userErrors {
        code
        message
      }
    }
  }
`);

export const MutePlayer = graphql(`
  mutation MutePlayer($input: MutePlayerInput!) {
    mutePlayer(input: $input) {
      muted
      userErrors {
        code
        message
      }
    }
  }
`);
